import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A business page. This issue keeps the fields the home carousel needs; the business issue extends it. */
@ObjectType()
@Entity('businesses')
@Index(['createdAt', 'id'])
export class Business {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => String)
  @Index({ unique: true })
  @Column('citext')
  name: string;

  @Field(() => String)
  @Column('varchar', { length: 80 })
  category: string;

  @Field(() => String, { nullable: true })
  @Column('text', { nullable: true })
  description: string | null;

  @Field(() => String, { nullable: true })
  @Column('text', { nullable: true })
  imageUrl: string | null;

  @Column('uuid', { nullable: true })
  ownerId: string | null;

  @Field(() => Date)
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
