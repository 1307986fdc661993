import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSchema, getNamedType, isAbstractType, isObjectType } from 'graphql';
import { BACKWARD_CONNECTION_FIELDS, CONNECTION_FIELDS, POSSIBLE_TYPES } from './cache';

describe('createCache', () => {
  it('gives every connection field of the schema the keyset paging policy', () => {
    const sdl = readFileSync(resolve(import.meta.dirname, '../../../schema/schema.graphql'), 'utf8');
    const query = buildSchema(sdl).getQueryType()!;
    const connections = Object.values(query.getFields())
      .filter((field) => {
        const type = getNamedType(field.type);
        return isObjectType(type) && 'pageInfo' in type.getFields() && 'nodes' in type.getFields();
      })
      .map((field) => field.name)
      .sort();
    expect(connections.length).toBeGreaterThan(0);
    expect([...CONNECTION_FIELDS, ...BACKWARD_CONNECTION_FIELDS].sort()).toEqual(connections);
  });

  it('knows the members of every union and interface of the schema (fragments on them match in the cache)', () => {
    const schema = buildSchema(readFileSync(resolve(import.meta.dirname, '../../../schema/schema.graphql'), 'utf8'));
    const abstract = Object.values(schema.getTypeMap()).filter((t) => isAbstractType(t) && !t.name.startsWith('__'));
    const expected = Object.fromEntries(
      abstract.map((t) => [
        t.name,
        schema
          .getPossibleTypes(t as never)
          .map((o) => o.name)
          .sort(),
      ]),
    );
    expect(POSSIBLE_TYPES).toEqual(expected);
  });
});
