import { deleteRowIn, queryRows } from '../../kernel/rows';
import { entityReportable, rowReportable } from '../reports/reportables';
import { RecipeComment } from './recipe-comment.entity';
import { Recipe } from './recipe.entity';
import { deleteRecipeIn } from './recipe.service';

/**
 * Recipes: seen unless a block stands between the viewer and the author; removed as the author deletes them (photos
 * too).
 */
export const recipeReportable = entityReportable(
  Recipe,
  'Recipe',
  (r) => ({
    id: r.id,
    authorId: r.authorId,
    text: [r.recipeName, r.ingredients, r.instructions].filter(Boolean).join('\n\n'),
    mediaUrls: r.images.map((i) => i.thumbnailUrl ?? i.url),
    url: `/recipes?id=${r.id}`,
  }),
  deleteRecipeIn,
);

/** Comments on recipes: seen by whoever sees the recipe and the commenter; removed as a row. */
export const recipeCommentReportable = rowReportable({
  what: 'Comment',
  rows: (ids) =>
    queryRows<{ id: string; author_id: string; text: string; recipe_id: string; recipe_author_id: string }>(
      `SELECT c.id, c.author_id, c.text, c.recipe_id, r.author_id AS recipe_author_id
         FROM recipe_comments c JOIN recipes r ON r.id = c.recipe_id WHERE c.id = ANY($1::uuid[])`,
      [ids],
    ),
  item: (c) => ({
    id: c.id,
    authorId: c.author_id,
    text: c.text,
    mediaUrls: [],
    url: `/recipes?id=${c.recipe_id}&comment=${c.id}`,
  }),
  people: (c) => [c.author_id, c.recipe_author_id],
  remove: (tx, id) => deleteRowIn(tx, RecipeComment, id),
});
