import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';
import { Business } from './business.entity';

/** A member follows a business page; once per member and page. */
@Entity('business_follows')
@Index(['memberId', 'businessId'], { unique: true })
@Index(['businessId'])
export class BusinessFollow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: User;

  @Column('uuid')
  businessId: string;

  @ManyToOne(() => Business, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'business_id' })
  business?: Business;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
