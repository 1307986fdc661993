/**
 * Every GraphQL operation the web app sends (web/src/**\/*.graphql) passes the server's cost limit (graphql-armor,
 * GRAPHQL_MAX_COST 5000 by default): a literal `first: 100` multiplies a list's cost, and an operation over the
 * limit fails in the browser with "Query Cost limit ... exceeded" although every unit test with mocks passes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  buildSchema,
  parse,
  validate,
  type DefinitionNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
} from 'graphql';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { REPO_ROOT } from '../support/app';

const MAX_COST = 5000;
const schema = buildSchema(fs.readFileSync(path.join(REPO_ROOT, 'schema/schema.graphql'), 'utf8'));
const files = (fs.readdirSync(path.join(REPO_ROOT, 'web/src'), { recursive: true }) as string[]).filter((f) =>
  f.endsWith('.graphql'),
);
const definitions: DefinitionNode[] = files.flatMap(
  (f) => parse(fs.readFileSync(path.join(REPO_ROOT, 'web/src', f), 'utf8')).definitions,
);
const fragments = definitions.filter((d): d is FragmentDefinitionNode => d.kind === 'FragmentDefinition');
const operations = definitions.filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');

describe("the web app's operations stay under the server's cost limit", () => {
  test.each(operations.map((op) => [op.name?.value ?? 'anonymous', op] as const))('%s', (_name, op) => {
    let messages: string[];
    try {
      messages = validate(schema, { kind: 'Document' as never, definitions: [op, ...fragments] }, [
        costLimitRule({ maxCost: MAX_COST }),
      ]).map((e) => e.message);
    } catch (err) {
      messages = [(err as Error).message]; // the rule throws its error
    }
    expect(messages.filter((m) => m.includes('Cost'))).toEqual([]);
  });
});
