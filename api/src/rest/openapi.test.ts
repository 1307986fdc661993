import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { restRoutes } from '../rest-table';
import { getSchema } from '../schema';
import { openApiDocument, openApiPath } from './openapi';

describe('the OpenAPI 3.1 document of the REST table', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const doc = openApiDocument(restRoutes, await getSchema());
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has one operation for every row of the table, and nothing else', async () => {
    const doc = openApiDocument(restRoutes, await getSchema());
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const table = restRoutes.map((r) => `${r.method} ${openApiPath(r.path).path}`).sort();
    expect(documented).toEqual(table);
    expect(new Set(table).size, 'each method and path once in the table').toBe(table.length);
  });

  it('describes each row: path parameters, body fields, success status, the operation it runs', async () => {
    const doc = openApiDocument(restRoutes, await getSchema());
    for (const row of restRoutes) {
      const { path, params } = openApiPath(row.path);
      const op = doc.paths[path][row.method.toLowerCase()];
      expect(op.responses[String(row.status ?? 200)], `${row.method} ${row.path}`).toBeDefined();
      expect(op['x-graphql-operation'], `${row.method} ${row.path}`).toBeTruthy();
      expect(
        (op.parameters ?? []).filter((p: { in: string }) => p.in === 'path').map((p: { name: string }) => p.name),
      ).toEqual(params);
      const properties = op.requestBody?.content['application/json'].schema.properties ?? {};
      expect(Object.keys(properties), `${row.method} ${row.path}`).toEqual(Object.keys(row.body ?? {}));
    }
    const createPost = doc.paths['/api/posts'].post;
    expect(createPost.responses['201']).toBeDefined();
  });
});
