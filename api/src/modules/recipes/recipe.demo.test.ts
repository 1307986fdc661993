import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { gql, loadDemoMembers, silentLog } from '../../test/helpers';
import { User } from '../users/user.entity';
import { recipesDemo } from './recipe.demo';

describe('the recipes demo part', () => {
  it('makes the recipes screen alive: recipes by demo members with photos, reactions and comments', async () => {
    await loadDemoMembers();
    await recipesDemo.load(silentLog);
    const thandi = await db().getRepository(User).findOneByOrFail({ email: 'thandi@demo.saffa.local' });
    const list = await gql(
      `{ recipes(first: 10) { nodes { recipeName images { thumbnailUrl } myReaction reactionCounts { total } ` +
        `commentCount author { firstName } } } }`,
      {},
      { as: thandi },
    );
    const recipes = list.data.recipes.nodes;
    expect(recipes.map((r: { recipeName: string }) => r.recipeName)).toEqual([
      'Cape Malay Koeksisters',
      'Braai Pap en Sous',
      'Ouma se Bobotie',
    ]);
    expect(recipes[2]).toMatchObject({
      myReaction: 'lekker',
      reactionCounts: { total: 3 },
      commentCount: 2,
      author: { firstName: 'Annelie' },
    });
    expect(recipes[2].images).toHaveLength(2);
    expect(recipes[2].images[0].thumbnailUrl).toMatch(/^\/media\//);
  });
});
