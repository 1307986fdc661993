import { Field, ID, Int, ObjectType } from 'type-graphql';
import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { User } from '../users/user.entity';
import { Business } from './business.entity';

/** A member's review of a business page: 1 to 5 stars and an optional comment; one per member and page, editable. */
@ObjectType({ description: "A member's review of a business page" })
@Entity('business_reviews')
@Index(['businessId', 'memberId'], { unique: true })
@Index(['businessId', 'createdAt', 'id'])
@Check('CHK_business_reviews_rating', '"rating" BETWEEN 1 AND 5')
export class BusinessReview {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID)
  @Column('uuid')
  businessId: string;

  @ManyToOne(() => Business, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'business_id' })
  business?: Business;

  @Field(() => ID)
  @Column('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: User;

  @Field(() => Int, { description: '1 (Poor) to 5 (Excellent)' })
  @Column('smallint')
  rating: number;

  @Field(() => String, { nullable: true })
  @Column('text', { nullable: true })
  comment: string | null;

  @Field(() => Date)
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Field(() => Date)
  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}
