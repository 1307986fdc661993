import { restTable } from '../../rest/route';

const RECIPE_FIELDS =
  `id recipeName prepTime servings ingredients instructions images { url thumbnailUrl } createdAt
  reactionCounts { total } myReaction commentCount shareCount author { id firstName lastName displayName ` +
  `profileImageUrl }`;

interface RecipeData {
  id: string;
  author: { id: string };
  images: Array<{ url: string; thumbnailUrl: string | null }>;
  reactionCounts: { total: number };
  commentCount: number;
  shareCount: number;
  [k: string]: unknown;
}

/**
 * A recipe as the documented /api answers it (spec 002 section 3 "Recipe"): images as URLs, likes/comments/shares
 * counts.
 */
const restRecipe = (r: RecipeData) => ({
  id: r.id,
  userId: r.author.id,
  recipeName: r.recipeName,
  prepTime: r.prepTime,
  servings: r.servings,
  ingredients: r.ingredients,
  instructions: r.instructions,
  images: r.images.map((i) => i.url),
  thumbnails: r.images.map((i) => i.thumbnailUrl),
  likes: r.reactionCounts.total,
  comments: r.commentCount,
  shares: r.shareCount,
  myReaction: r.myReaction,
  createdAt: r.createdAt,
  user: r.author,
});

export const recipeRest = restTable([
  {
    method: 'GET',
    path: '/api/recipes',
    operation:
      `query Recipes($limit: Int, $after: String) { recipes(first: $limit, after: $after) { nodes ` +
      `{ ${RECIPE_FIELDS} } pageInfo { endCursor hasNextPage } } }`,
    variables: ({ query }) => ({ limit: query.limit ? Number(query.limit) : 20, after: query.after ?? null }),
    result: (d) => d.recipes.nodes.map(restRecipe),
    // The answer stays the documented list; the next page is `?after=` this header's value.
    headers: (d) => ({ 'X-Next-Cursor': d.recipes.pageInfo.hasNextPage ? d.recipes.pageInfo.endCursor : null }),
  },
  {
    method: 'POST',
    path: '/api/recipes',
    operation: `mutation CreateRecipe($input: CreateRecipeInput!) { createRecipe(input: $input) { ${RECIPE_FIELDS} } }`,
    body: {
      recipeName: 'string?',
      prepTime: 'string?',
      servings: 'string?',
      ingredients: 'string?',
      instructions: 'string?',
      images: 'string[]?',
    },
    variables: ({ body }) => ({ input: body }),
    result: (d) => restRecipe(d.createRecipe),
    status: 201,
    bodyLimit: 'upload',
  },
]);
