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
import { GraphQLError, parse, specifiedRules, validate } from 'graphql';
import type { Context as WsContext } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Config } from './config';
import { buildContext, httpContext } from './context';
import type { Context } from './kernel/context';
import { DomainError, GENERIC_MESSAGE, isExpected, restStatus } from './kernel/errors';
import { jsonBody, originAllowed, sessionTokenOf } from './kernel/http';
import type { Logger } from './kernel/logger';
import { mediaRouter } from './kernel/media';
import { compiledQueries } from './kernel/compiled-queries';
import { db, unavailableIfDatabaseAway } from './kernel/database';
import { charge, type CostReport } from './kernel/budget';
import { pubSub, type EventListener } from './kernel/pubsub';
import { coalesceFrames, SESSION_ENDED, SocketsBySession } from './kernel/websocket';
import { authRoutes } from './modules/auth/auth.routes';
import { jobApplicationRoutes } from './modules/jobs/job-application.routes';
import { vaultRoutes } from './modules/vault/vault.routes';
import { accountRoutes } from './modules/account/account.routes';
import { sessionExpiry, sessionFromToken } from './modules/auth/session.service';
import { hashToken } from './modules/auth/tokens';
import { holderOfToken, TOKEN_PREFIX } from './modules/tokens/access-token.service';
import { bearerTokenOf } from './kernel/access';
import { openApiDocument } from './rest/openapi';
import { restRouter } from './rest/runner';
import { restRoutes } from './rest-table';
import { getSchema } from './schema';
import { explorerPage, webAppRouter } from './web-app';
import { pageDataSource } from './web-preload';
import { loadPageRenderer } from './web-render';

/**
 * Field suggestions ("Did you mean ...") name parts of the schema: masked on the websocket as armor masks them over
 * HTTP.
 */
function hideSuggestions(error: GraphQLError): GraphQLError {
  if (!/Did you mean ".+"/.test(error.message)) return error;
  return new GraphQLError(error.message.replace(/Did you mean ".+"/g, '[Suggestion hidden]'), {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
}

/**
 * `ws` has one maxPayload per server; once a socket's connection_init is accepted its receiver may take larger
 * messages. The receiver's field is internal to ws: fail loudly (the socket closes) if it ever goes away.
 */
function raiseMaxPayload(socket: WebSocket, bytes: number) {
  const receiver = (socket as unknown as { _receiver?: { _maxPayload?: unknown } })._receiver;
  if (typeof receiver?._maxPayload !== 'number')
    throw new Error('ws internals changed: cannot raise maxPayload after connection_init');
  receiver._maxPayload = bytes;
}

/** The event the database sends when a session row is deleted (see the SessionEndedEvents migration). */
const SESSION_ENDED_TOPIC = 'session.ended';
/** How often open websockets are checked against their session's or token's expiry (in memory, no query). */
const SOCKET_EXPIRY_CHECK_MS = 30_000;

/** A websocket's credentials: the `authorization` connection param, else the upgrade request's Authorization header. */
const wsAuthorization = (ctx: {
  connectionParams?: Readonly<Record<string, unknown>>;
  extra: { request: http.IncomingMessage };
}): unknown =>
  ctx.connectionParams?.authorization ?? ctx.connectionParams?.Authorization ?? ctx.extra.request.headers.authorization;

/** A personal access token rather than a session token (the sockets of both are kept by their hash). */
const bearerLike = (token: string) => token.startsWith(TOKEN_PREFIX);

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

  // GraphQL over websockets: same path, same session cookie, same limits.
  const armor = new ApolloArmor({
    maxDepth: { n: config.limits.graphqlDepth },
    maxAliases: { n: config.limits.graphqlAliases },
    // Tokens are counted by graphql-js's own parser (`parseOptions` below, `parse` on the websocket): a document
    // over the limit is then a parse failure, 400, where armor's plugin made it a 500.
    maxTokens: { enabled: false },
    costLimit: { maxCost: config.limits.graphqlCost },
  });
  const protection = armor.protect();
  // A websocket message may be at most WS_INIT_PAYLOAD_BYTES until the server accepts connection_init, then at
  // most BODY_LIMIT_BYTES (subscriptions carry a query, never files): an anonymous peer cannot make us buffer more.
  const wsServer = new WebSocketServer({ noServer: true, maxPayload: config.limits.wsInitPayloadBytes });
  httpServer.on('upgrade', (req, socket, head) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname !== '/graphql' || !originAllowed(req.headers.origin)) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wsServer.handleUpgrade(req, socket, head, (ws) => wsServer.emit('connection', ws, req));
  });
  // Ending a session (on any process: the database announces it) closes the sockets opened with it.
  const sessionSockets = new SocketsBySession();
  const endedSessions = pubSub.subscribe(SESSION_ENDED_TOPIC);
  void (async () => {
    for await (const ended of endedSessions as AsyncIterable<{ tokenHash?: unknown }>) {
      if (typeof ended?.tokenHash === 'string') sessionSockets.end(ended.tokenHash);
    }
  })();
  // Sessions and tokens that expire while their sockets are open: no event announces that, so look every 30 s.
  const expiries = setInterval(() => sessionSockets.endExpired(new Date()), SOCKET_EXPIRY_CHECK_MS);
  expiries.unref();
  // While the event listener was away, sessions may have ended unannounced: ask the database again.
  parts.events.onReconnect(() => {
    void sessionSockets
      .recheck(async (token) => !!(await (bearerLike(token) ? holderOfToken(token) : sessionFromToken(token))))
      .catch((err: Error) => log.warn({ reason: err.message }, 'session recheck failed'));
  });
  type WsServerContext = WsContext<Record<string, unknown>, { request: http.IncomingMessage; socket: WebSocket }>;
  /**
   * A websocket operation's context, from the token in its connection params or the cookie the socket was opened with.
   */
  const wsContext = async (ctx: WsServerContext): Promise<Context> => {
    try {
      return await buildContext({
        token: sessionTokenOf(ctx.extra.request.headers.cookie),
        authorization: wsAuthorization(ctx),
        meta: {
          ip: ctx.extra.request.socket.remoteAddress ?? 'unknown',
          userAgent: ctx.extra.request.headers['user-agent'],
        },
        cookies: null,
        log,
      });
    } catch (err) {
      // The database is away: "try again later" (1013), which clients retry, rather than graphql-ws's 4500,
      // after which they give up for good.
      if (err instanceof DomainError && err.code === 'UNAVAILABLE') ctx.extra.socket.close(1013, 'Try again later');
      // A token revoked or expired since the connection opened: the client must get a new one.
      if (err instanceof DomainError && err.code === 'UNAUTHENTICATED')
        ctx.extra.socket.close(SESSION_ENDED, 'Token refused');
      throw err;
    }
  };
  const wsCleanup = useServer<Record<string, unknown>, { request: http.IncomingMessage; socket: WebSocket }>(
    {
      schema,
      onConnect: async (ctx) => {
        // An integrator's personal access token (connection params `{ authorization: 'Bearer ...' }`): a bad one is
        // refused at once (4403); a good one is asked again for every operation (revoked: refused at once).
        const bearer = bearerTokenOf(wsAuthorization(ctx));
        const holder = bearer ? await holderOfToken(bearer) : null;
        if (bearer && !holder) return false;
        raiseMaxPayload(ctx.extra.socket, config.limits.bodyBytes);
        coalesceFrames(ctx.extra.socket);
        // Closed when the token is revoked, its member suspended, or it expires.
        if (bearer) {
          sessionSockets.add(hashToken(bearer), bearer, ctx.extra.socket, holder!.expiresAt);
          return true;
        }
        const token = sessionTokenOf(ctx.extra.request.headers.cookie);
        if (token) {
          const key = hashToken(token);
          sessionSockets.add(key, token, ctx.extra.socket);
          // The connect does not wait on the database (while it is away, the first operation answers 1013); an
          // expiry not read now is covered by the recheck after the event listener reconnects.
          void sessionExpiry(token)
            .then((at) => sessionSockets.expires(key, at))
            .catch(() => undefined);
        }
        return true;
      },
      context: (ctx) => wsContext(ctx) as unknown as Promise<Record<string, unknown>>,
      onSubscribe: async (ctx, _id, payload) => {
        // ctx.subscriptions already holds this operation, and every one still running on the socket.
        if (Object.keys(ctx.subscriptions).length > config.limits.wsMaxSubscriptions) {
          return [
            new GraphQLError(`At most ${config.limits.wsMaxSubscriptions} operations at once on one connection`, {
              extensions: { code: 'RATE_LIMITED' },
            }),
          ];
        }
        if (queryTooLong(payload.query))
          return [new GraphQLError(queryTooLongMessage, { extensions: { code: 'BAD_REQUEST' } })];
        let document;
        try {
          document = parse(payload.query, { maxTokens: config.limits.graphqlTokens });
        } catch (err) {
          return [err instanceof GraphQLError ? err : new GraphQLError('Invalid query')];
        }
        const errors = validate(schema, document, [...specifiedRules, ...protection.validationRules]);
        if (errors.length) return errors.map(hideSuggestions);
        // The operation spends the caller's cost budget when it is subscribed (kernel/budget.ts), as over HTTP.
        const contextValue = await wsContext(ctx);
        try {
          await charge(schema, document, payload.variables, payload.operationName, contextValue);
        } catch (err) {
          if (err instanceof DomainError) return [err];
          throw err;
        }
        return {
          schema,
          document,
          variableValues: payload.variables,
          operationName: payload.operationName,
          contextValue,
        };
      },
      onNext: (_ctx, _id, _payload, _args, result) =>
        'errors' in result && result.errors?.length
          ? { ...result, errors: result.errors.map((e) => hideSuggestions(unavailableIfDatabaseAway(e))) }
          : result,
      onError: (_ctx, _id, _payload, errors) => errors.map((e) => hideSuggestions(unavailableIfDatabaseAway(e))),
    },
    wsServer,
    // Keep-alive: a ping every interval, so proxies with an idle timeout keep quiet subscriptions open; a socket
    // whose pong does not come back within the next interval is terminated.
    config.wsKeepAliveMs,
  );

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
              await wsCleanup.dispose();
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
      await endedSessions.return?.();
      clearInterval(expiries);
      for (const client of wsServer.clients) client.terminate();
      wsServer.close();
      if (httpServer.listening) await new Promise<void>((r) => httpServer.close(() => r()));
    },
  };
}
