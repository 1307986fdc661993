import type { Viewer } from '../../kernel/context';
import { isAdmin } from '../../kernel/auth';
import type { Recipe } from './recipe.entity';

/** Who may do what with a recipe: any member shares, reacts, comments; its author (or an admin) deletes it. */
export const recipePolicy = {
  canDelete: (viewer: Viewer | null, recipe: Pick<Recipe, 'authorId'>) =>
    !!viewer && (viewer.id === recipe.authorId || isAdmin(viewer)),
};
