import { getNamedType, getNullableType, isNonNullType, isObjectType, type GraphQLField } from 'graphql';
import { describe, expect, it } from 'vitest';
import { Role } from './modules/users/user.entity';
import { getSchema } from './schema';
import { buildUser } from './test/factories';
import { gql } from './test/helpers';

const MALFORMED = 'not-a-uuid';

/** An argument that names one thing by its id: `id`, `postId`, `userId`, ... of type ID. */
const isIdArgument = (arg: { name: string; type: unknown }) =>
  getNamedType(arg.type as never).name === 'ID' && /^(id|\w+Id)$/.test(arg.name);

/**
 * The "or null" queries: a root field whose answer is a nullable single object, asked for by an id, with no other
 * required argument. A malformed id names nothing, exactly like an id that does not exist: null, not an error.
 */
async function nullableByIdQueries(): Promise<GraphQLField<unknown, unknown>[]> {
  const query = (await getSchema()).getQueryType()!;
  return Object.values(query.getFields()).filter(
    (field) =>
      !isNonNullType(field.type) &&
      isObjectType(getNullableType(field.type)) &&
      field.args.some(isIdArgument) &&
      field.args.every((arg) => isIdArgument(arg) || !isNonNullType(arg.type)),
  );
}

describe('malformed ids in "or null" queries', () => {
  it('answer null without errors, for a member and for an admin', async () => {
    const fields = await nullableByIdQueries();
    expect(fields.map((f) => f.name)).toEqual(expect.arrayContaining(['post', 'business', 'user']));
    const [member, admin] = [await buildUser(), await buildUser({ role: Role.admin })];
    const answers: Record<string, unknown> = {};
    for (const viewer of [member, admin]) {
      for (const field of fields) {
        const ids = field.args.filter(isIdArgument);
        const source = `query (${ids.map((a) => `$${a.name}: ${String(a.type)}`).join(', ')}) {
          answer: ${field.name}(${ids.map((a) => `${a.name}: $${a.name}`).join(', ')}) { __typename }
        }`;
        const r = await gql(source, Object.fromEntries(ids.map((a) => [a.name, MALFORMED])), { as: viewer });
        answers[`${viewer.role} ${field.name}`] = r.errors
          ? r.errors.map((e) => e.extensions?.code ?? e.message)
          : r.data?.answer;
      }
    }
    expect(Object.entries(answers).filter(([, answer]) => answer !== null)).toEqual([]);
  });
});
