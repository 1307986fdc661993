import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSchema, getNamedType, isObjectType } from 'graphql';
import { BACKWARD_CONNECTION_FIELDS, CONNECTION_FIELDS } from './cache';

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
});
