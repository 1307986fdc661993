import type { EntityManager } from 'typeorm';
import { authorize, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { deleteRowIn } from '../../kernel/rows';
import { badInput, notFound } from '../../kernel/errors';
import { checkUuid, isUuid } from '../../kernel/ids';
import { text } from '../../kernel/input';
import { deleteMedia } from '../../kernel/media';
import { keysetPage, type Page } from '../../kernel/pagination';
import { limitUploads } from '../../kernel/rate-limit';
import { checkImages, photoUrls, storedPhoto, storeUpload, storedUrls, type StoredUpload } from '../../kernel/upload';
import { assertNotBlocked, notBlockedSql } from '../blocks/block.service';
import { commentText } from '../comments/comment.service';
import { notify } from '../notifications/notification.service';
import { ShareTarget } from '../posts/post-share.entity';
import type { ReactionType } from '../reactions/reaction.entity';
import { checkType, REACTION_LABELS, setReactionIn, toggleReactionIn } from '../reactions/reaction.service';
import { displayNameOfMember } from '../users/user.service';
import { RecipeComment } from './recipe-comment.entity';
import { RecipeReaction } from './recipe-reaction.entity';
import { RecipeShare } from './recipe-share.entity';
import { Recipe } from './recipe.entity';
import { RECIPE_REACTIONS } from './recipe.facts';
import type { CreateRecipeInput } from './recipe.inputs';
import { recipePolicy } from './recipe.policy';

export const recipes = () => db().getRepository(Recipe);
/** Most photos of one recipe (spec 002 section 9), served to clients by appConfig. */
export const MAX_RECIPE_PHOTOS = 5;

/** The five texts of the form, in its order, with their longest length. */
const TEXT_FIELDS = [
  ['recipeName', 200],
  ['prepTime', 100],
  ['servings', 100],
  ['ingredients', 10_000],
  ['instructions', 20_000],
] as const;
type RecipeTexts = Pick<Recipe, (typeof TEXT_FIELDS)[number][0]>;

function textsOf(input: CreateRecipeInput): RecipeTexts {
  const out = {} as Record<string, string>;
  for (const [field, max] of TEXT_FIELDS) {
    const v: unknown = input[field];
    // Multi-line texts keep their lines (one kind of line break); blank lines around them go.
    out[field] = text(typeof v === 'string' ? v.replace(/\r\n?/g, '\n') : v, field, { max, required: true });
  }
  return out as RecipeTexts;
}

/** Loads a recipe or answers NOT_FOUND (also for ids that are not UUIDs). */
export async function findRecipe(id: string): Promise<Recipe> {
  const recipe = await recipes().findOneBy({ id: checkUuid(id, 'recipeId') });
  if (!recipe) throw notFound('Recipe');
  return recipe;
}

/**
 * A recipe the viewer may act on: NOT_FOUND as findRecipe, FORBIDDEN when its author blocked the viewer or the
 * viewer blocked its author (reactions, comments, shares: the rules of posts).
 */
async function recipeFor(v: Viewer, id: string): Promise<Recipe> {
  const recipe = await findRecipe(id);
  await assertNotBlocked(v.id, recipe.authorId);
  return recipe;
}

/**
 * Shares a recipe: the five texts are required; photos (at most five) are checked by their bytes before any is
 * stored or counted, then stored with their thumbnails and variants before the row is written. A refused recipe
 * leaves neither a row nor files behind.
 */
export async function createRecipe(viewer: Viewer | null, input: CreateRecipeInput): Promise<Recipe> {
  const v = requireViewer(viewer);
  const texts = textsOf(input);
  const sources = input.images ?? [];
  if (sources.length > MAX_RECIPE_PHOTOS) throw badInput('images', `must be at most ${MAX_RECIPE_PHOTOS} photos`);
  const checked = await checkImages(sources);
  if (checked.length) await limitUploads(v.id, checked.length);
  const stored: StoredUpload[] = [];
  try {
    for (const c of checked) stored.push(await storeUpload(c));
    const inserted = await recipes().insert({
      authorId: v.id,
      ...texts,
      images: stored.map((s) => storedPhoto(s.image!)),
    });
    return await recipes().findOneByOrFail({ id: inserted.identifiers[0].id });
  } catch (err) {
    await deleteMedia(stored.flatMap(storedUrls)); // no recipe, no files
    throw err;
  }
}

/** Its author (or an admin) deletes a recipe; its photos, reactions, comments and shares go with it. */
export async function deleteRecipe(viewer: Viewer | null, id: string): Promise<void> {
  const v = requireViewer(viewer);
  const recipe = await findRecipe(id);
  authorize(recipePolicy.canDelete(v, recipe), 'Only the author can delete this recipe.');
  const files = await db().transaction((tx) => deleteRecipeIn(tx, recipe.id));
  await deleteMedia(files);
}

/**
 * Deletes a recipe's row (its reactions, comments and shares follow) in `tx` and answers its photo files, for the
 * caller to delete once `tx` has committed ([] when it was already gone): the author's delete and the moderation
 * queue's removal.
 */
export const deleteRecipeIn = (tx: EntityManager, id: string): Promise<string[]> =>
  deleteRowIn(tx, Recipe, id, (recipe) => photoUrls(recipe.images));

/** Every recipe, newest first, a page at a time, without those of members the viewer blocked or was blocked by. */
export async function listRecipes(
  viewer: Viewer | null,
  args: { first?: number | null; after?: string | null },
): Promise<Page<Recipe>> {
  const v = requireViewer(viewer);
  return keysetPage(
    recipes().createQueryBuilder('r').where(notBlockedSql(':viewerId', 'r.author_id'), { viewerId: v.id }),
    'r',
    args,
  );
}

/**
 * One recipe (the /recipes?id= link the moderation queue and shares open), or null when there is none or its
 * author is hidden from the viewer (a block either way, a suspension: notBlockedSql). A malformed id is BAD_USER_INPUT.
 */
export async function recipeOrNull(viewer: Viewer | null, id: string): Promise<Recipe | null> {
  const v = requireViewer(viewer);
  if (!isUuid(id)) return null;
  const qb = recipes().createQueryBuilder('r').where('r.id = :id', { id });
  return qb.andWhere(notBlockedSql(':viewerId', 'r.author_id'), { viewerId: v.id }).getOne();
}

async function toldOfReaction(v: Viewer, recipe: Recipe, type: ReactionType) {
  await notify(recipe.authorId, {
    title: 'New reaction',
    message: `${await displayNameOfMember(v.id)} reacted ${REACTION_LABELS[type]} to your recipe ${recipe.recipeName}.`,
    link: '/recipes',
    actorId: v.id,
  });
}

/**
 * The reaction button (spec 002 section 4): choosing a reaction sets it, the same one again clears it, another
 * switches it. One row per member and recipe, so counts follow without ever going below 0.
 */
export async function reactToRecipe(viewer: Viewer | null, id: string, type: ReactionType): Promise<Recipe> {
  const v = requireViewer(viewer);
  const reactionType = checkType(type);
  const recipe = await recipeFor(v, id);
  const toggled = await toggleReactionIn(RECIPE_REACTIONS, recipe.id, v.id, reactionType);
  if (toggled.inserted) await toldOfReaction(v, recipe, reactionType);
  return recipe;
}

/** Sets the viewer's reaction (replacing another); setting it again, or many times at once, keeps one row. */
export async function setRecipeReaction(viewer: Viewer | null, id: string, type: ReactionType): Promise<Recipe> {
  const v = requireViewer(viewer);
  const reactionType = checkType(type);
  const recipe = await recipeFor(v, id);
  const set = await setReactionIn(RECIPE_REACTIONS, recipe.id, v.id, reactionType);
  if (set.inserted) await toldOfReaction(v, recipe, reactionType);
  return recipe;
}

export async function removeRecipeReaction(viewer: Viewer | null, id: string): Promise<Recipe> {
  const v = requireViewer(viewer);
  const recipe = await findRecipe(id);
  await db().getRepository(RecipeReaction).delete({ recipeId: recipe.id, memberId: v.id });
  return recipe;
}

/** Comments on a recipe (the rules of comments on posts) and tells its author. */
export async function addRecipeComment(viewer: Viewer | null, id: string, rawText: string): Promise<RecipeComment> {
  const v = requireViewer(viewer);
  const text = commentText(rawText);
  const recipe = await recipeFor(v, id);
  const inserted = await db().getRepository(RecipeComment).insert({ recipeId: recipe.id, authorId: v.id, text });
  await notify(recipe.authorId, {
    title: 'New comment',
    message:
      `${await displayNameOfMember(v.id)} commented on your ` +
      `recipe ${recipe.recipeName}: ${text.length > 80 ? `${text.slice(0, 80)}...` : text}`,
    link: '/recipes',
    actorId: v.id,
  });
  return db().getRepository(RecipeComment).findOneByOrFail({ id: inserted.identifiers[0].id });
}

/**
 * A recipe's comments, oldest first, a page at a time, without those of members the viewer blocked or was blocked by.
 */
export async function listRecipeComments(
  viewer: Viewer | null,
  id: string,
  args: { first?: number | null; after?: string | null },
): Promise<Page<RecipeComment>> {
  const v = requireViewer(viewer);
  const recipe = await recipeFor(v, id);
  const qb = db()
    .getRepository(RecipeComment)
    .createQueryBuilder('c')
    .where('c.recipe_id = :id', { id: recipe.id })
    .andWhere(notBlockedSql(':viewerId', 'c.author_id'), { viewerId: v.id });
  return keysetPage(qb, 'c', args, 'ASC');
}

/** Counts the viewer's share of a recipe, once per member and recipe. */
export async function shareRecipe(viewer: Viewer | null, id: string, target: ShareTarget): Promise<Recipe> {
  const v = requireViewer(viewer);
  if (!Object.values(ShareTarget).includes(target)) throw badInput('target', 'is not a share target');
  const recipe = await recipeFor(v, id);
  await db()
    .getRepository(RecipeShare)
    .createQueryBuilder()
    .insert()
    .values({ recipeId: recipe.id, memberId: v.id, target })
    .orIgnore()
    .execute();
  return recipe;
}
