import { Router, type Request, type Response, type NextFunction } from 'express';
import { execute, parse, validate, type DocumentNode, type GraphQLError, type GraphQLSchema } from 'graphql';
import { bearerTokenOf } from '../kernel/access';
import type { HttpContextFactory } from '../kernel/context';
import { compiledQueries } from '../kernel/compiled-queries';
import { unavailableIfDatabaseAway } from '../kernel/database';
import { charge, type CostReport } from '../kernel/budget';
import { DomainError, GENERIC_MESSAGE, isExpected, statusOf } from '../kernel/errors';
import { jsonBody, originAllowed } from '../kernel/http';
import type { Logger } from '../kernel/logger';
import { settings } from '../kernel/settings';
import type { FieldSpec, RestRequest, RestRoute } from './route';

class BodyError extends Error {}

function checkBody(spec: Record<string, FieldSpec>, body: unknown): Record<string, unknown> {
  const src = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const [field, type] of Object.entries(spec)) {
    const optional = type.endsWith('?');
    const base = type.replace('?', '');
    const value = src[field];
    if (value === undefined || value === null || (base === 'numeric' && value === '')) {
      if (!optional) throw new BodyError(`${field} is required`);
      continue;
    }
    if (base === 'any') out[field] = value;
    else if (base === 'numeric') {
      const n =
        typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isFinite(n)) throw new BodyError(`${field} must be a number`);
      out[field] = n;
    } else if (base === 'string[]') {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
        throw new BodyError(`${field} must be a list of strings`);
      out[field] = value;
    } else if (typeof value !== base) throw new BodyError(`${field} must be a ${base}`);
    else out[field] = value;
  }
  return out;
}

/**
 * 'Variable "$type" got invalid value "x"; Value "x" does not exist...' -> 'Invalid value for type: Value "x" does not
 * exist...'
 */
function variableProblem(message: string): string {
  const at = /at "([\w.[\]]+)"/.exec(message)?.[1]?.split('.').pop();
  const name = at ?? /Variable "\$(\w+)"/.exec(message)?.[1];
  const reason = message.includes('; ') ? message.slice(message.indexOf('; ') + 2) : message;
  return (name ? `Invalid value for ${name}: ${reason}` : reason).slice(0, 300);
}

/** Sends an operation error the way `restStatus` (kernel/errors.ts) maps codes to statuses: the body is the message. */
function sendError(res: Response, raw: GraphQLError, log: Logger) {
  const err = unavailableIfDatabaseAway(raw);
  if (!isExpected(err)) {
    log.error({ err: err.originalError ?? err }, 'unexpected error in REST operation');
    return res.status(500).type('text').send(GENERIC_MESSAGE);
  }
  const code = err.extensions?.code;
  // GraphQL's own codes (a parse or validation failure) are the caller's mistake: 400.
  const status = statusOf(code) ?? 400;
  if (code === 'RATE_LIMITED' && err.extensions?.retryAfter)
    res.setHeader('Retry-After', String(err.extensions.retryAfter));
  return res.status(status).type('text').send(err.message);
}

/**
 * Mounts the REST table: each row runs its GraphQL operation in-process, with the request's own
 * context (same session, same loaders), and shapes the answer. No business rule lives here.
 */
export function restRouter(
  schema: GraphQLSchema,
  rows: RestRoute[],
  http: { contextOf: HttpContextFactory; isMember: (req: Request) => Promise<boolean> },
  log: Logger,
): Router {
  const { contextOf } = http;
  const router = Router();
  const compiled = compiledQueries(schema);
  for (const row of rows) {
    const document: DocumentNode = parse(row.operation);
    const problems = validate(schema, document);
    if (problems.length)
      throw new Error(`REST row ${row.method} ${row.path}: ${problems.map((p) => p.message).join('; ')}`);
    const method = row.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
    // Rows that carry files take large bodies from members only; a body over the ordinary limit without a session
    // is refused (413) before it is read, not parsed in full to answer 401.
    const { bodyBytes, uploadBodyBytes } = settings().limits;
    const json = jsonBody(
      { anonymous: bodyBytes, member: row.bodyLimit === 'upload' ? uploadBodyBytes : bodyBytes },
      http.isMember,
    );

    router[method](row.path, json, async (req: Request, res: Response, next: NextFunction) => {
      const reqLog = log.child({ requestId: (req as Request & { id?: string }).id });
      try {
        // A write with a personal access token carries its own credential (the cookie is then not read): no forgery.
        if (row.method !== 'GET' && !bearerTokenOf(req.headers.authorization) && !originAllowed(req.headers.origin)) {
          return res.status(403).type('text').send('Cross-site request refused');
        }
        let body: Record<string, unknown>;
        try {
          body = row.body ? checkBody(row.body, req.body) : {};
        } catch (e) {
          if (e instanceof BodyError) return res.status(400).type('text').send(e.message);
          throw e;
        }
        const request: RestRequest = {
          params: req.params as Record<string, string>,
          query: req.query as Record<string, unknown>,
          body,
          header: (n) => req.get(n),
        };
        const variables = row.variables ? row.variables(request) : row.body ? { input: body } : {};
        const contextValue = await contextOf(req, res, reqLog);
        // The row's operation spends the caller's cost budget as it would over /graphql (kernel/budget.ts).
        let cost: CostReport;
        try {
          cost = await charge(schema, document, variables, null, contextValue);
        } catch (e) {
          if (e instanceof DomainError) return sendError(res, e, reqLog);
          throw e;
        }
        res.setHeader('X-Cost-Requested', String(cost.requested));
        res.setHeader('X-Cost-Remaining', String(cost.remaining));
        res.setHeader('X-Cost-Limit', String(cost.limit));
        const result =
          (await compiled.run(document, null, variables, contextValue)) ??
          (await execute({ schema, document, contextValue, variableValues: variables }));
        // No data at all means the variables were refused before anything ran: the caller's input is wrong.
        if (result.errors?.length && result.data === undefined) {
          return res.status(400).type('text').send(variableProblem(result.errors[0].message));
        }
        if (result.errors?.length) return sendError(res, result.errors[0], reqLog);
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a GraphQL answer, read by each row
        const data = (result.data ?? {}) as Record<string, any>;
        const shaped = row.result ? row.result(data) : data[Object.keys(data)[0]];
        if (shaped === null || shaped === undefined) {
          if (row.nullStatus)
            return res
              .status(row.nullStatus)
              .type('text')
              .send(row.nullMessage ?? 'Not found');
        }
        if (row.headers) for (const [k, v] of Object.entries(row.headers(data))) if (v) res.setHeader(k, v);
        if (row.status === 204) return res.status(204).end();
        return res.status(row.status ?? 200).json(shaped ?? null);
      } catch (err) {
        next(err);
      }
    });
  }
  return router;
}
