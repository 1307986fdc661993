import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { Context, RequestMeta, SessionCookieJar } from './kernel/context';
import { cookieJar, requestMeta, sessionTokenOf } from './kernel/http';
import { unlessDatabaseUnavailable } from './kernel/database';
import type { Logger } from './kernel/logger';
import { createLoaders } from './loaders';
import { sessionFromToken } from './modules/auth/session.service';

/** One context per request (or per websocket operation): the viewer is read from the session token. */
export async function buildContext(opts: {
  token: string | null | undefined;
  meta: RequestMeta;
  cookies: SessionCookieJar | null;
  log: Logger;
  requestId?: string;
}): Promise<Context> {
  const requestId = opts.requestId ?? randomUUID();
  const token = opts.token || null;
  const viewer = token ? await unlessDatabaseUnavailable(() => sessionFromToken(token)) : null;
  let log: Logger | undefined;
  return {
    requestId,
    // Made on first use: most requests never log, and a child logger costs an object and its bindings' JSON.
    get log() {
      return (log ??= opts.log.child({ requestId, userId: viewer?.id }));
    },
    viewer,
    sessionToken: viewer ? token : null,
    meta: opts.meta,
    cookies: opts.cookies,
    loaders: createLoaders(viewer?.id ?? null),
  };
}

/** The context of an HTTP request: GraphQL over HTTP, the REST table and the auth routes share it. */
export function httpContext(req: Request, res: Response, log: Logger): Promise<Context> {
  return buildContext({
    token: sessionTokenOf(req.headers.cookie),
    meta: requestMeta(req),
    cookies: cookieJar(res),
    log,
    requestId: (req as Request & { id?: string }).id,
  });
}
