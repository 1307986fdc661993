import { byIds, queryRows } from '../../kernel/rows';
import { seenBy, type Reportable, type ReportedItem } from '../reports/reportables';
import { Recipe } from './recipe.entity';
import { deleteRecipeIn } from './recipe.service';

const recipeItem = (r: Recipe): ReportedItem => ({
  id: r.id,
  authorId: r.authorId,
  text: [r.recipeName, r.ingredients, r.instructions].filter(Boolean).join('\n\n'),
  mediaUrls: r.images.map((i) => i.thumbnailUrl ?? i.url),
  url: `/recipes?id=${r.id}`,
});

/** Recipes: seen unless a block stands between the viewer and the author; removed as the author deletes them (photos too). */
export const recipeReportable: Reportable = {
  load: async (ids) => (await byIds(Recipe, ids)).map(recipeItem),
  async reportable(viewer, id) {
    const [recipe] = await byIds(Recipe, [id]);
    return seenBy(viewer, 'Recipe', recipe && recipeItem(recipe));
  },
  remove: deleteRecipeIn,
};

interface CommentRow {
  id: string;
  author_id: string;
  text: string;
  recipe_id: string;
  recipe_author_id: string;
}
const commentRows = (ids: readonly string[]) =>
  queryRows<CommentRow>(
    `SELECT c.id, c.author_id, c.text, c.recipe_id, r.author_id AS recipe_author_id
       FROM recipe_comments c JOIN recipes r ON r.id = c.recipe_id WHERE c.id = ANY($1::uuid[])`,
    [ids],
  );
const commentItem = (c: CommentRow): ReportedItem => ({ id: c.id, authorId: c.author_id, text: c.text, mediaUrls: [], url: `/recipes?id=${c.recipe_id}` });

/** Comments on recipes: seen by whoever sees the recipe and the commenter; removed as a row. */
export const recipeCommentReportable: Reportable = {
  load: async (ids) => (await commentRows(ids)).map(commentItem),
  async reportable(viewer, id) {
    const [row] = await commentRows([id]);
    return seenBy(viewer, 'Comment', row && commentItem(row), [row?.author_id, row?.recipe_author_id]);
  },
  async remove(tx, id) {
    await tx.query(`DELETE FROM recipe_comments WHERE id = $1`, [id]);
    return [];
  },
};
