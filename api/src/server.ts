import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ApolloServer, HeaderMap } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { unwrapResolverError } from '@apollo/server/errors';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import cors from 'cors';
import express, { type NextFunction, type Request, type Response } from 'express';
import { GraphQLError } from 'graphql';
import type { Config } from './config';
import { httpContext } from './context';
import type { Context } from './kernel/context';
import { DomainError, GENERIC_MESSAGE, isExpected, restStatus } from './kernel/errors';
import { jsonBody, originAllowed, sessionTokenOf } from './kernel/http';
import type { Logger } from './kernel/logger';
import { mediaRouter } from './kernel/media';
import { compiledQueries } from './kernel/compiled-queries';
import { db, unavailableIfDatabaseAway } from './kernel/database';
import { charge, type CostReport } from './kernel/budget';
import type { EventListener } from './kernel/pubsub';
import { authRoutes } from './modules/auth/auth.routes';
import { jobApplicationRoutes } from './modules/jobs/job-application.routes';
import { vaultRoutes } from './modules/vault/vault.routes';
import { accountRoutes } from './modules/account/account.routes';
import { sessionFromToken } from './modules/auth/session.service';
import { holderOfToken } from './modules/tokens/access-token.service';
import { bearerTokenOf } from './kernel/access';
import { openApiDocument } from './rest/openapi';
import { restRouter } from './rest/runner';
import { restRoutes } from './rest-table';
import { getSchema } from './schema';
import { graphqlWebsocket } from './server-websocket';
import { explorerPage, webAppRouter } from './web-app';
import { pageDataSource } from './web-preload';
import { loadPageRenderer } from './web-render';

/** /healthz answers within this (a load balancer's check must not hang on a frozen database). */
const HEALTH_TIMEOUT_MS = 1_500;

export interface RunningServer {
  httpServer: http.Server;
  close(): Promise<void>;
}

/** How long an idle keep-alive connection stays open. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Builds the one HTTP server: /graphql (HTTP and websocket), /api, /media, /healthz and the web app. */
export async function createServer(
  config: Config,
  log: Logger,
  parts: { events: Pick<EventListener, 'state' | 'onReconnect'> },
): Promise<RunningServer> {
  const schema = await getSchema();
  const compiled = compiledQueries(schema);
  const app = express();
  const httpServer = http.createServer(app);
  // An idle keep-alive connection stays open longer than clients and proxies keep theirs (60 s is usual), so the
  // server never closes one just as a client sends a request on it (the request would fail with ECONNRESET: Node's
  // default of 5 s did that to API clients pausing between calls). Headers may take a little longer than that.
  httpServer.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  httpServer.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  app.disable('x-powered-by');
  if (process.env.TRUST_PROXY) app.set('trust proxy', process.env.TRUST_PROXY);

  // Request id and access log.
  app.use((req: Request & { id?: string }, res, next) => {
    const given = req.headers['x-request-id'];
    req.id = typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log.info(
        {
          requestId: req.id,
          method: req.method,
          path: req.originalUrl.split('?')[0],
          status: res.statusCode,
          ms: Math.round(ms),
        },
        'request',
      );
    });
    next();
  });

  // Health: the database answers within a second and a half, and the event listener (real-time) is connected.
  app.get('/healthz', async (_req, res) => {
    let timer: NodeJS.Timeout | undefined;
    const database = await Promise.race([
      db()
        .query('SELECT 1')
        .then(() => 'ok' as const),
      new Promise<'unavailable'>((r) => (timer = setTimeout(() => r('unavailable'), HEALTH_TIMEOUT_MS))),
    ])
      .catch(() => 'unavailable' as const)
      .finally(() => clearTimeout(timer));
    const events = parts.events.state();
    const healthy = database === 'ok' && events === 'listening';
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'ok' : 'unavailable', database, events });
  });

  // The query text itself (not its variables, which carry files) is at most GRAPHQL_MAX_QUERY_BYTES: the token limit
  // bounds its structure, this bounds its strings, comments and whitespace, before anything parses it.
  const queryTooLong = (query: string) =>
    query.length > config.limits.graphqlQueryBytes || Buffer.byteLength(query) > config.limits.graphqlQueryBytes;
  const queryTooLongMessage = `The query is longer than ${config.limits.graphqlQueryBytes} bytes`;

  // The same limits over HTTP and on the websocket (server-websocket.ts).
  const armor = new ApolloArmor({
    maxDepth: { n: config.limits.graphqlDepth },
    maxAliases: { n: config.limits.graphqlAliases },
    // Tokens are counted by graphql-js's own parser (`parseOptions` below, `parse` on the websocket): a document
    // over the limit is then a parse failure, 400, where armor's plugin made it a 500.
    maxTokens: { enabled: false },
    costLimit: { maxCost: config.limits.graphqlCost },
  });
  const protection = armor.protect();
  const websocket = graphqlWebsocket(httpServer, config, log, {
    schema,
    events: parts.events,
    validationRules: protection.validationRules,
    queryTooLong,
    queryTooLongMessage,
  });

  const apollo = new ApolloServer<Context>({
    schema,
    // A request with an Authorization header (a personal access token) is never a browser's simple request: a browser
    // must ask first (CORS preflight), so such GETs and form-typed POSTs need no other header.
    csrfPrevention: { requestHeaders: ['x-apollo-operation-name', 'apollo-require-preflight', 'authorization'] },
    // The process's own SIGTERM/SIGINT handler stops everything in order; Apollo's would race it (and re-raise).
    stopOnTerminationSignals: false,
    introspection: true,
    includeStacktraceInErrorResponses: false,
    parseOptions: { maxTokens: config.limits.graphqlTokens },
    validationRules: protection.validationRules,
    plugins: [
      ...protection.plugins,
      ApolloServerPluginDrainHttpServer({ httpServer, stopGracePeriodMillis: 2_000 }),
      ApolloServerPluginLandingPageDisabled(),
      // No cache hints are used (responses are per member): without this Apollo times every field for them.
      ApolloServerPluginCacheControlDisabled(),
      {
        async serverWillStart() {
          return {
            async drainServer() {
              await websocket.dispose();
            },
          };
        },
      },
      {
        async requestDidStart() {
          // What this request cost and what is left (kernel/budget.ts): every answer carries it in extensions.cost.
          let cost: CostReport | undefined;
          return {
            // Counted once the operation is known and valid, before anything runs; over budget nothing runs.
            async didResolveOperation({ document, request, contextValue }) {
              try {
                cost = await charge(schema, document, request.variables, request.operationName, contextValue);
              } catch (err) {
                if (!(err instanceof DomainError)) throw err;
                if (err.code === 'RATE_LIMITED') cost = err.extensions.cost as CostReport;
                const retryAfter = err.extensions.retryAfterSeconds;
                throw new GraphQLError(err.message, {
                  extensions: {
                    ...err.extensions,
                    http: {
                      status: restStatus(err.code),
                      headers: new HeaderMap(retryAfter ? [['retry-after', String(retryAfter)]] : []),
                    },
                  },
                });
              }
            },
            async willSendResponse({ response }) {
              if (cost && response.body.kind === 'single') {
                response.body.singleResult.extensions = { ...response.body.singleResult.extensions, cost };
              }
            },
            async didEncounterErrors({ contextValue, errors }) {
              for (const e of errors.map(unavailableIfDatabaseAway)) {
                if (!isExpected(e)) contextValue.log.error({ err: e.originalError ?? e }, 'unexpected GraphQL error');
              }
            },
            // Queries run compiled (kernel/compiled-queries.ts); anything else, or a query that erred, runs as usual.
            async responseForOperation({ document, operationName, request, contextValue }) {
              const result = await compiled.run(document, operationName, request.variables, contextValue);
              return (
                result && {
                  http: { status: undefined, headers: new HeaderMap() },
                  body: { kind: 'single', singleResult: result },
                }
              );
            },
          };
        },
      },
    ],
    formatError: (formatted, raw) => {
      const away = raw instanceof GraphQLError ? unavailableIfDatabaseAway(raw) : raw;
      if (away !== raw)
        return {
          message: (away as GraphQLError).message,
          path: formatted.path,
          locations: formatted.locations,
          extensions: (away as GraphQLError).extensions,
        };
      const original = unwrapResolverError(raw) as GraphQLError;
      if (isExpected(formatted as { extensions?: Record<string, unknown> }) || isExpected(original ?? {})) {
        return {
          message: formatted.message,
          path: formatted.path,
          locations: formatted.locations,
          extensions: formatted.extensions,
        };
      }
      return { message: GENERIC_MESSAGE, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    },
  });
  await apollo.start();

  const corsMiddleware = cors({
    origin: (origin, cb) => cb(null, originAllowed(origin) ? (origin ?? false) : false),
    credentials: true,
  });
  // Files travel inside GraphQL requests and upload rows of the REST table, so they accept large bodies, but only
  // from a signed-in member: without a valid session the ordinary limit holds, counted after decompression.
  const isMember = async (req: Request) => {
    const bearer = bearerTokenOf(req.headers.authorization);
    if (bearer) return !!(await holderOfToken(bearer));
    const token = sessionTokenOf(req.headers.cookie);
    return !!token && !!(await sessionFromToken(token));
  };
  // A browser opening /graphql gets the GraphQL explorer (GraphiQL from the web build); clients get the API.
  app.get('/graphql', explorerPage(config.webDist));
  app.use(
    '/graphql',
    corsMiddleware,
    jsonBody({ anonymous: config.limits.bodyBytes, member: config.limits.graphqlBodyBytes }, isMember),
    (req: Request, res: Response, next: NextFunction) => {
      const query = (req.body as { query?: unknown } | undefined)?.query ?? req.query.query;
      if (typeof query === 'string' && queryTooLong(query)) {
        res.status(413).json({ errors: [{ message: queryTooLongMessage, extensions: { code: 'BAD_REQUEST' } }] });
        return;
      }
      next();
    },
    expressMiddleware(apollo, { context: async ({ req, res }) => httpContext(req, res, log) }),
  );

  app.use(authRoutes(log));
  app.use(jobApplicationRoutes(httpContext, log));
  app.use(vaultRoutes(httpContext, log));
  app.use(accountRoutes(httpContext, log));
  // The REST table's OpenAPI 3.1 document, built once: the table does not change while the process runs.
  const openApi = JSON.stringify(openApiDocument(restRoutes, schema));
  app.get('/api/openapi.json', (_req, res) => res.type('application/json').send(openApi));
  app.use(restRouter(schema, restRoutes, { contextOf: httpContext, isMember }, log));
  app.use('/api', (_req, res) => res.status(404).type('text').send('Not found'));
  app.use('/media', mediaRouter());

  // The built web app (compressed, hashed assets immutable), with the SPA fallback to index.html for client routes;
  // a signed-in visit's index.html carries the session and the first screen's first page.
  if (fs.existsSync(path.join(config.webDist, 'index.html'))) {
    app.use(
      webAppRouter(
        config.webDist,
        pageDataSource(schema, config.webDist, httpContext, log),
        await loadPageRenderer(config.webDist, log),
      ),
    );
  } else {
    app.get('/', (_req, res) => res.type('text').send('The web app is not built: run npm run build.'));
  }

  // Body parser failures and anything unexpected: a clear status, never a stack trace.
  app.use(
    (
      err: Error & { type?: string; status?: number },
      req: Request & { id?: string },
      res: Response,
      _next: NextFunction,
    ) => {
      if (err.type === 'entity.too.large') return res.status(413).type('text').send('Request body too large');
      if (err.type === 'entity.parse.failed')
        return res.status(400).type('text').send('Request body must be valid JSON');
      // The body parser's other refusals are the client's mistake, with a message meant for it: an unsupported
      // charset or Content-Encoding (415), a body that does not match its Content-Length (400), ...
      if (typeof err.type === 'string' && err.status && err.status >= 400 && err.status < 500) {
        return res.status(err.status).type('text').send(err.message);
      }
      // e.g. UNAVAILABLE while building the context
      if (err instanceof DomainError) return res.status(restStatus(err.code)).type('text').send(err.message);
      log.error({ err, requestId: req.id }, 'unhandled error');
      res.status(500).type('text').send(GENERIC_MESSAGE);
    },
  );

  return {
    httpServer,
    async close() {
      await apollo.stop(); // drains HTTP and websocket connections
      await websocket.close();
      if (httpServer.listening) await new Promise<void>((r) => httpServer.close(() => r()));
    },
  };
}
