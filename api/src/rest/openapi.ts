import { getOperationAST, isObjectType, parse, type GraphQLSchema } from 'graphql';
import { settings } from '../kernel/settings';
import type { FieldSpec, RestRoute } from './route';

/** A documented body field's JSON Schema. */
function fieldSchema(spec: FieldSpec): Record<string, unknown> {
  const base = spec.replace('?', '');
  switch (base) {
    case 'string':
      return { type: 'string' };
    case 'number':
      return { type: 'number' };
    case 'numeric':
      return {
        oneOf: [{ type: 'number' }, { type: 'string', pattern: '^-?[0-9.]+$' }],
        description: 'A number, or a string that holds one.',
      };
    case 'boolean':
      return { type: 'boolean' };
    case 'string[]':
      return { type: 'array', items: { type: 'string' } };
    default:
      return {};
  }
}

/** `/api/posts/:id` -> `/api/posts/{id}`, with the names of its path parameters. */
export function openApiPath(expressPath: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = expressPath.replace(/:(\w+)/g, (_m, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

const text = (description: string) => ({ description, content: { 'text/plain': { schema: { type: 'string' } } } });

/** The error answers every row may give: the body is the plain message text (`restStatus` in kernel/errors.ts). */
const ERRORS = {
  '400': text('BAD_USER_INPUT: the message names the field and the rule.'),
  '401': text('UNAUTHENTICATED: no session cookie or bearer token, or an expired one.'),
  '403': text('FORBIDDEN: not allowed (also a read-only token on a write, or a cross-site write).'),
  '404': text('NOT_FOUND: no such thing.'),
  '409': text('CONFLICT: a duplicate ("already saved", "Already following").'),
  '413': text('PAYLOAD_TOO_LARGE: the body is over the limit.'),
  '429': {
    ...text('RATE_LIMITED: too many requests; the Retry-After header says when to try again, in seconds.'),
    headers: { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } },
  },
};

/** What the row's GraphQL root field says of itself, for the operation's description. */
function rootFieldOf(schema: GraphQLSchema | undefined, operation: string) {
  const ast = getOperationAST(parse(operation));
  if (!ast) return { name: undefined, field: undefined, description: undefined };
  const root = ast.operation === 'mutation' ? schema?.getMutationType() : schema?.getQueryType();
  const first = ast.selectionSet.selections.find((s) => s.kind === 'Field');
  const field = first && first.kind === 'Field' ? first.name.value : undefined;
  const description =
    field && root && isObjectType(root) ? (root.getFields()[field]?.description ?? undefined) : undefined;
  return { name: ast.name?.value, kind: ast.operation, field, description };
}

/**
 * The OpenAPI 3.1 document of the REST table: one operation per row, with its path parameters, its documented
 * JSON body, its success status and the error statuses every row shares. Each operation names the GraphQL
 * operation it runs (`x-graphql-operation`); its description is that root field's description in the schema.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an OpenAPI document is free-form JSON
export function openApiDocument(rows: RestRoute[], schema?: GraphQLSchema): Record<string, any> {
  const paths: Record<string, Record<string, unknown>> = {};
  const ids = new Set<string>();
  for (const row of rows) {
    const { path, params } = openApiPath(row.path);
    const root = rootFieldOf(schema, row.operation);
    const camelPath = path.replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+(\w)/g, (_m, c: string) => c.toUpperCase());
    let operationId = `${row.method.toLowerCase()}${camelPath}`;
    while (ids.has(operationId)) operationId += '_';
    ids.add(operationId);
    const status = String(row.status ?? 200);
    const success =
      status === '204'
        ? { description: 'Done; no body.' }
        : { description: 'The documented JSON answer.', content: { 'application/json': { schema: {} } } };
    const usesIdempotencyKey = !!row.variables && /idempotencyKeyOf/.test(row.variables.toString());
    const parameters = [
      ...params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...(usesIdempotencyKey
        ? [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description:
                'Repeating a request with the same key answers with the first result and creates nothing new.',
              schema: { type: 'string', maxLength: 200 },
            },
          ]
        : []),
    ];
    const body = row.body
      ? {
          required: Object.values(row.body).some((spec) => !spec.endsWith('?')),
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: Object.fromEntries(
                  Object.entries(row.body).map(([name, spec]) => [name, fieldSchema(spec)]),
                ),
                required: Object.entries(row.body)
                  .filter(([, spec]) => !spec.endsWith('?'))
                  .map(([name]) => name),
              },
            },
          },
        }
      : undefined;
    const responses: Record<string, unknown> = { [status]: success, ...ERRORS };
    if (row.nullStatus && !responses[String(row.nullStatus)])
      responses[String(row.nullStatus)] = text(row.nullMessage ?? 'Not found');
    paths[path] = {
      ...paths[path],
      [row.method.toLowerCase()]: {
        operationId,
        summary: `${row.method} ${row.path}`,
        ...(root.description ? { description: root.description } : {}),
        ...(parameters.length ? { parameters } : {}),
        ...(body ? { requestBody: body } : {}),
        responses,
        'x-graphql-operation': root.name ?? root.field,
        ...(row.bodyLimit === 'upload' ? { 'x-body-limit': 'upload' } : {}),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Saffa REST API',
      version: '1',
      description:
        'The documented /api paths, each running one GraphQL operation of /graphql in-process (see docs/api.md). ' +
        'Errors answer with the plain message text and the status of their code.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'A personal access token from Settings > API tokens.',
        },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: settings().sessionCookieName,
          description: "The web app's session.",
        },
      },
    },
    security: [{}, { bearerAuth: [] }, { sessionCookie: [] }],
    paths,
  };
}
