import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import {
  buildRecipe,
  buildRecipeComment,
  buildRecipeReaction,
  buildRecipeShare,
  buildUser,
} from '../../test/factories';
import { codeOf, countQueries, files, gql, mediaFile, storedFiles } from '../../test/helpers';
import { Role } from '../users/user.entity';
import { Notification } from '../notifications/notification.entity';
import { RecipeReaction } from './recipe-reaction.entity';
import { Recipe } from './recipe.entity';

const FIELDS =
  `id recipeName prepTime servings ingredients instructions images { url thumbnailUrl variants { url } }
  reactionCounts { lekker shocked sad care angry total } myReaction commentCount shareCount viewerCanDelete author { ` +
  `id }`;
const CREATE = `mutation($input: CreateRecipeInput!) { createRecipe(input: $input) { ${FIELDS} } }`;
const LIST =
  `query($first: Int, $after: String) { recipes(first: $first, after: $after) { nodes { ${FIELDS} } ` +
  `pageInfo { endCursor hasNextPage } } }`;
const REACT =
  `mutation($id: ID!, $t: ReactionType!) { reactToRecipe(id: $id, type: $t) { myReaction reactionCounts ` +
  `{ lekker sad total } } }`;
const SET =
  `mutation($id: ID!, $t: ReactionType!) { setRecipeReaction(id: $id, type: $t) { myReaction ` +
  `reactionCounts { total } } }`;
const DELETE = `mutation($id: ID!) { deleteRecipe(id: $id) }`;
const COMMENT =
  `mutation($id: ID!, $text: String!) { addRecipeComment(recipeId: $id, text: $text) { id text author ` + `{ id } } }`;
const COMMENTS =
  `query($id: ID!, $first: Int, $after: String) { recipeComments(recipeId: $id, first: $first, after: ` +
  `$after) { nodes { text } pageInfo { endCursor hasNextPage } } }`;
const SHARE = `mutation($id: ID!) { shareRecipe(id: $id, target: link) { shareCount } }`;

const full = {
  recipeName: ' Bobotie ',
  prepTime: '1 hour',
  servings: '6',
  ingredients: '500g mince\n2 slices bread\n\n',
  instructions: 'Soak the bread\r\nBrown the mince\nBake',
};
const countRecipes = () => db().getRepository(Recipe).count();

describe('recipes', () => {
  it('requires authentication for every operation', async () => {
    const recipe = await buildRecipe();
    expect(codeOf(await gql(LIST))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(CREATE, { input: full }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(REACT, { id: recipe.id, t: 'lekker' }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(COMMENT, { id: recipe.id, text: 'yum' }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(SHARE, { id: recipe.id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(DELETE, { id: recipe.id }))).toBe('UNAUTHENTICATED');
  });

  it('shares a recipe with trimmed texts and two photos stored with thumbnails, newest first in the list', async () => {
    const u = await buildUser();
    const r = await gql(CREATE, { input: { ...full, images: [files.png, files.png] } }, { as: u });
    expect(r.errors).toBeUndefined();
    const recipe = r.data.createRecipe;
    expect(recipe).toMatchObject({
      recipeName: 'Bobotie',
      prepTime: '1 hour',
      servings: '6',
      ingredients: '500g mince\n2 slices bread',
      instructions: 'Soak the bread\nBrown the mince\nBake',
      commentCount: 0,
      shareCount: 0,
      myReaction: null,
      viewerCanDelete: true,
      author: { id: u.id },
    });
    expect(recipe.images).toHaveLength(2);
    for (const img of recipe.images) {
      expect(img.url).toMatch(/^\/media\//);
      expect(img.thumbnailUrl).toMatch(/^\/media\//);
      expect(fs.existsSync(mediaFile(img.thumbnailUrl))).toBe(true);
    }
    expect((await gql(LIST, { first: 1 }, { as: u })).data.recipes.nodes[0].id).toBe(recipe.id);
  });

  it('requires all five texts and refuses more than five photos or a file that is not an image, writing and storing nothing', async () => {
    const u = await buildUser();
    const before = await countRecipes();
    const files0 = storedFiles();
    for (const field of ['recipeName', 'prepTime', 'servings', 'ingredients', 'instructions']) {
      for (const blank of [undefined, '', '  \n ']) {
        const r = await gql(CREATE, { input: { ...full, [field]: blank } }, { as: u });
        expect(codeOf(r)).toBe('BAD_USER_INPUT');
        expect(r.errors![0].message).toBe(`${field} is required`);
      }
    }
    const six = await gql(CREATE, { input: { ...full, images: Array(6).fill(files.png) } }, { as: u });
    expect(codeOf(six)).toBe('BAD_USER_INPUT');
    expect(six.errors![0].message).toBe('images must be at most 5 photos');
    const fake = await gql(CREATE, { input: { ...full, images: [files.png, files.fakePng] } }, { as: u });
    expect(codeOf(fake)).toBe('BAD_USER_INPUT');
    expect(fake.errors![0].message).toMatch(/^images\[1\] must be an image/);
    expect(codeOf(await gql(CREATE, { input: { ...full, images: [files.pdf] } }, { as: u }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(CREATE, { input: { ...full, images: [files.mp4] } }, { as: u }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(CREATE, { input: { ...full, recipeName: 'x'.repeat(201) } }, { as: u }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(await countRecipes()).toBe(before);
    expect(storedFiles()).toBe(files0);
    expect(
      (await gql(CREATE, { input: { ...full, images: Array(5).fill(files.png) } }, { as: u })).data.createRecipe.images,
    ).toHaveLength(5);
  });

  it('reactions follow the spec: choose sets and counts, the same again clears, another switches; one per member', async () => {
    const [author, fan, other] = await Promise.all([buildUser(), buildUser(), buildUser()]);
    const { id } = await buildRecipe({ authorId: author.id });
    let r = await gql(REACT, { id, t: 'lekker' }, { as: fan });
    expect(r.data.reactToRecipe).toEqual({ myReaction: 'lekker', reactionCounts: { lekker: 1, sad: 0, total: 1 } });
    r = await gql(REACT, { id, t: 'lekker' }, { as: other });
    expect(r.data.reactToRecipe).toEqual({ myReaction: 'lekker', reactionCounts: { lekker: 2, sad: 0, total: 2 } });
    r = await gql(REACT, { id, t: 'sad' }, { as: fan });
    expect(r.data.reactToRecipe).toEqual({ myReaction: 'sad', reactionCounts: { lekker: 1, sad: 1, total: 2 } });
    r = await gql(REACT, { id, t: 'sad' }, { as: fan });
    expect(r.data.reactToRecipe).toEqual({ myReaction: null, reactionCounts: { lekker: 1, sad: 0, total: 1 } });
    r = await gql(
      `mutation($id: ID!) { removeRecipeReaction(id: $id) { myReaction reactionCounts { total } } }`,
      { id },
      { as: fan },
    );
    expect(r.data.removeRecipeReaction).toEqual({ myReaction: null, reactionCounts: { total: 1 } });
    // The author is told once per member (a switch tells nothing more), never of their own.
    await gql(REACT, { id, t: 'care' }, { as: author });
    expect(await db().getRepository(Notification).countBy({ recipientId: author.id, title: 'New reaction' })).toBe(2);
    expect(codeOf(await gql(REACT, { id: randomUUID(), t: 'lekker' }, { as: fan }))).toBe('NOT_FOUND');
    expect((await gql(REACT, { id, t: 'meh' }, { as: fan })).errors?.[0].message).toMatch(/ReactionType/);
  });

  it('50 identical reactions at once make one row; 50 toggles at once never make more than one', async () => {
    const [fan, toggler] = await Promise.all([buildUser(), buildUser()]);
    const { id } = await buildRecipe();
    const burst = await Promise.all(Array.from({ length: 50 }, () => gql(SET, { id, t: 'lekker' }, { as: fan })));
    expect(burst.filter((r) => r.errors)).toEqual([]);
    expect(await db().getRepository(RecipeReaction).countBy({ recipeId: id, memberId: fan.id })).toBe(1);
    const toggles = await Promise.all(Array.from({ length: 50 }, () => gql(REACT, { id, t: 'care' }, { as: toggler })));
    expect(toggles.filter((r) => r.errors)).toEqual([]);
    const rows = await db().getRepository(RecipeReaction).countBy({ recipeId: id, memberId: toggler.id });
    expect(rows).toBeLessThanOrEqual(1);
    const after = await gql(
      `query { recipes(first: 100) { nodes { id reactionCounts { total care } } } }`,
      {},
      { as: fan },
    );
    const counts = after.data.recipes.nodes.find((n: { id: string }) => n.id === id).reactionCounts;
    expect(counts).toEqual({ total: 1 + rows, care: rows });
  });

  it('comments oldest first with pages, counts them, and tells the author', async () => {
    const [author, friend] = await Promise.all([buildUser(), buildUser()]);
    const { id } = await buildRecipe({ authorId: author.id });
    for (const text of ['one', 'two', 'three'])
      expect((await gql(COMMENT, { id, text }, { as: friend })).errors).toBeUndefined();
    const page1 = (await gql(COMMENTS, { id, first: 2 }, { as: author })).data.recipeComments;
    expect(page1.nodes.map((c: { text: string }) => c.text)).toEqual(['one', 'two']);
    const page2 = (await gql(COMMENTS, { id, first: 2, after: page1.pageInfo.endCursor }, { as: author })).data
      .recipeComments;
    expect(page2.nodes.map((c: { text: string }) => c.text)).toEqual(['three']);
    expect(codeOf(await gql(COMMENT, { id, text: '   ' }, { as: friend }))).toBe('BAD_USER_INPUT');
    const list = await gql(LIST, { first: 100 }, { as: author });
    expect(list.data.recipes.nodes.find((n: { id: string }) => n.id === id).commentCount).toBe(3);
    expect(await db().getRepository(Notification).countBy({ recipientId: author.id, title: 'New comment' })).toBe(3);
  });

  it('counts a share once per member', async () => {
    const [a, b] = await Promise.all([buildUser(), buildUser()]);
    const { id } = await buildRecipe();
    expect((await gql(SHARE, { id }, { as: a })).data.shareRecipe.shareCount).toBe(1);
    expect((await gql(SHARE, { id }, { as: a })).data.shareRecipe.shareCount).toBe(1);
    expect((await gql(SHARE, { id }, { as: b })).data.shareRecipe.shareCount).toBe(2);
  });

  it('lets only its author (or an admin) delete a recipe, and removes its photos', async () => {
    const [u, other] = await Promise.all([buildUser(), buildUser()]);
    const admin = await buildUser({ role: Role.admin });
    const recipe = (await gql(CREATE, { input: { ...full, images: [files.png] } }, { as: u })).data.createRecipe;
    const stored = [
      recipe.images[0].url,
      recipe.images[0].thumbnailUrl,
      ...recipe.images[0].variants.map((v: { url: string }) => v.url),
    ];
    expect(stored.every((url: string) => fs.existsSync(mediaFile(url)))).toBe(true);
    const seen = (await gql(LIST, { first: 100 }, { as: other })).data.recipes.nodes.find(
      (n: { id: string }) => n.id === recipe.id,
    );
    expect(seen.viewerCanDelete).toBe(false);
    expect(codeOf(await gql(DELETE, { id: recipe.id }, { as: other }))).toBe('FORBIDDEN');
    expect((await gql(DELETE, { id: recipe.id }, { as: u })).data.deleteRecipe).toBe(recipe.id);
    expect(await db().getRepository(Recipe).countBy({ id: recipe.id })).toBe(0);
    expect(stored.some((url: string) => fs.existsSync(mediaFile(url)))).toBe(false);
    expect(codeOf(await gql(DELETE, { id: recipe.id }, { as: u }))).toBe('NOT_FOUND');
    const another = await buildRecipe({ authorId: u.id });
    expect((await gql(DELETE, { id: another.id }, { as: admin })).data.deleteRecipe).toBe(another.id);
  });

  it('pages with a cursor and resolves a page in a fixed number of SQL statements, whatever its size', async () => {
    const [u, other] = await Promise.all([buildUser(), buildUser()]);
    for (let i = 0; i < 24; i++) {
      const recipe = await buildRecipe({ authorId: i % 2 ? u.id : other.id });
      if (i % 3 === 0) await buildRecipeReaction({ recipeId: recipe.id, memberId: u.id });
      if (i % 4 === 0) await buildRecipeComment({ recipeId: recipe.id, authorId: other.id });
      if (i % 5 === 0) await buildRecipeShare({ recipeId: recipe.id, memberId: other.id });
    }
    const first = (await gql(LIST, { first: 5 }, { as: u })).data.recipes;
    const second = (await gql(LIST, { first: 5, after: first.pageInfo.endCursor }, { as: u })).data.recipes;
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(second.nodes.map((n: { id: string }) => n.id)).not.toContain(first.nodes[0].id);
    const small = await countQueries(() => gql(LIST, { first: 2 }, { as: u }));
    const large = await countQueries(() => gql(LIST, { first: 20 }, { as: u }));
    expect(large.result.errors).toBeUndefined();
    expect(large.queries.length).toBe(small.queries.length);
  });
});
