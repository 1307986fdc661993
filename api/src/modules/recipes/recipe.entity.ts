import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { PostImage } from '../posts/post.entity';
import { User } from '../users/user.entity';

/** A recipe a member shared (spec 002 section 3 "Recipe"): five texts and up to five photos from the media store. */
@ObjectType({
  description: 'A recipe a member shared: name, prep time, servings, ingredients, instructions and up to five photos',
})
@Entity('recipes')
@Index(['createdAt', 'id'])
@Index('IDX_recipes_author', ['authorId', 'createdAt', 'id'])
export class Recipe {
  @Field(() => ID, { description: "The recipe's id" })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID, { description: 'The member who shared it' })
  @Column('uuid')
  authorId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'author_id' })
  author?: User;

  @Field(() => String, { description: 'Its name' })
  @Column('varchar', { length: 200 })
  recipeName: string;

  @Field(() => String, { description: 'Free text, e.g. "30 minutes"' })
  @Column('varchar', { length: 100 })
  prepTime: string;

  @Field(() => String, { description: 'Free text, e.g. "4-6"' })
  @Column('varchar', { length: 100 })
  servings: string;

  @Field(() => String, { description: 'One ingredient per line' })
  @Column('text')
  ingredients: string;

  @Field(() => String, { description: 'One step per line' })
  @Column('text')
  instructions: string;

  @Field(() => [PostImage], { description: 'Up to five photos, each with its thumbnail and variants' })
  @Column('jsonb', { default: () => "'[]'" })
  images: PostImage[];

  @Field(() => Date, { description: 'When it was shared' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
