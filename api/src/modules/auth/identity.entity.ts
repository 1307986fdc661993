import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

/** A Google or Facebook account linked to a member. */
@Entity('identities')
@Index(['provider', 'subject'], { unique: true })
export class Identity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('varchar', { length: 20 })
  provider: string;

  @Column('varchar', { length: 255 })
  subject: string;

  @Index()
  @Column('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member: User;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
