import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { ReactionType } from '../reactions/reaction.entity';
import { User } from '../users/user.entity';
import { Recipe } from './recipe.entity';

/** One member's reaction to one recipe: at most one, by a unique constraint (the same rules as a post's). */
@Entity('recipe_reactions')
@Index('UQ_recipe_reactions_recipe_member', ['recipeId', 'memberId'], { unique: true })
export class RecipeReaction {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  recipeId: string;

  @ManyToOne(() => Recipe, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'recipe_id' })
  recipe?: Recipe;

  @Index()
  @Column('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: User;

  @Column('varchar', { length: 10 })
  reactionType: ReactionType;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
