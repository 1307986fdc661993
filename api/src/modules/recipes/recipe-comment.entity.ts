import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';
import { Recipe } from './recipe.entity';

@ObjectType({ description: 'A comment on a recipe' })
@Entity('recipe_comments')
@Index(['recipeId', 'createdAt', 'id'])
export class RecipeComment {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  recipeId: string;

  @ManyToOne(() => Recipe, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'recipe_id' })
  recipe?: Recipe;

  @Index()
  @Column('uuid')
  authorId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'author_id' })
  author?: User;

  @Field(() => String)
  @Column('text')
  text: string;

  @Field(() => Date)
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
