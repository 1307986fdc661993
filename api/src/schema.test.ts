import { isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { getSchema } from './schema';

describe('the schema as built', () => {
  it('reads plain properties directly and keeps every resolver that does something', async () => {
    const schema = await getSchema();
    const field = (type: string, name: string) => {
      const t = schema.getType(type);
      if (!isObjectType(t)) throw new Error(`${type} is not an object type`);
      return t.getFields()[name];
    };
    for (const [type, name] of [
      ['Post', 'content'],
      ['Post', 'createdAt'],
      ['PostImage', 'url'],
      ['ReactionCounts', 'total'],
      ['PageInfo', 'endCursor'],
      ['PostConnection', 'nodes'],
    ]) {
      expect(field(type, name).resolve, `${type}.${name}`).toBeUndefined();
    }
    // Field resolvers, fields with arguments and root fields keep theirs.
    for (const [type, name] of [
      ['Post', 'author'],
      ['Post', 'commentCount'],
      ['Post', 'myReaction'],
      ['Query', 'feed'],
      ['Mutation', 'createPost'],
      ['User', 'email'],
    ]) {
      expect(field(type, name).resolve, `${type}.${name}`).toBeTypeOf('function');
    }
  });
});
