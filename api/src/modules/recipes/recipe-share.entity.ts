import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ShareTarget } from '../posts/post-share.entity';
import { User } from '../users/user.entity';
import { Recipe } from './recipe.entity';

/** A member's share of a recipe, counted once however often they share it (the key). */
@Entity('recipe_shares')
@Index(['memberId'])
export class RecipeShare {
  @PrimaryColumn('uuid')
  recipeId: string;

  @ManyToOne(() => Recipe, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'recipe_id' })
  recipe?: Recipe;

  @PrimaryColumn('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: User;

  @Column('varchar', { length: 12 })
  target: ShareTarget;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
