import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';
import { Group } from './group.entity';

/** A member marked one of their groups as a favourite; once per member and group. */
@Entity('group_favorites')
@Index(['memberId', 'groupId'], { unique: true })
@Index(['groupId'])
export class GroupFavorite {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: User;

  @Column('uuid')
  groupId: string;

  @ManyToOne(() => Group, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group?: Group;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
