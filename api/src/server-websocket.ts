import type http from 'node:http';
import { GraphQLError, parse, specifiedRules, validate, type GraphQLSchema, type ValidationRule } from 'graphql';
import type { Context as WsContext } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Config } from './config';
import { buildContext } from './context';
import type { Context } from './kernel/context';
import { DomainError } from './kernel/errors';
import { originAllowed, sessionTokenOf } from './kernel/http';
import type { Logger } from './kernel/logger';
import { unavailableIfDatabaseAway } from './kernel/database';
import { charge } from './kernel/budget';
import { pubSub, type EventListener } from './kernel/pubsub';
import { coalesceFrames, SESSION_ENDED, SocketsBySession } from './kernel/websocket';
import { sessionExpiry, sessionFromToken } from './modules/auth/session.service';
import { hashToken } from './modules/auth/tokens';
import { holderOfToken, TOKEN_PREFIX } from './modules/tokens/access-token.service';
import { bearerTokenOf } from './kernel/access';

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

/** GraphQL over websockets on the HTTP server's /graphql: same path, same session cookie, same limits as over HTTP. */
export function graphqlWebsocket(
  httpServer: http.Server,
  config: Config,
  log: Logger,
  ws: {
    schema: GraphQLSchema;
    events: Pick<EventListener, 'onReconnect'>;
    validationRules: readonly ValidationRule[];
    queryTooLong: (query: string) => boolean;
    queryTooLongMessage: string;
  },
): { dispose(): Promise<void>; close(): Promise<void> } {
  const { schema, queryTooLong, queryTooLongMessage } = ws;
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
  ws.events.onReconnect(() => {
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
        const errors = validate(schema, document, [...specifiedRules, ...ws.validationRules]);
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

  return {
    async dispose() {
      await wsCleanup.dispose();
    },
    async close() {
      await endedSessions.return?.();
      clearInterval(expiries);
      for (const client of wsServer.clients) client.terminate();
      wsServer.close();
    },
  };
}
