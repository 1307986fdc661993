import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { Context, RequestMeta, SessionCookieJar, TokenScope, Viewer } from './kernel/context';
import { bearerTokenOf } from './kernel/access';
import { hasAdminRole } from './kernel/auth';
import { DomainError } from './kernel/errors';
import { cookieJar, requestMeta, sessionTokenOf } from './kernel/http';
import { unlessDatabaseUnavailable } from './kernel/database';
import type { Logger } from './kernel/logger';
import { createLoaders } from './loaders';
import { sessionFromToken } from './modules/auth/session.service';
import { adminMustEnrol } from './modules/twofactor/two-factor.service';
import { holderOfToken } from './modules/tokens/access-token.service';

/**
 * A request's context. Its child logger is made on first use (most requests never log), by a getter on the
 * prototype: Apollo Server copies the context's own enumerable properties into a new object of the same prototype
 * for every operation, so a getter that was an own property ran on every request (making the logger) and left each
 * copy with a different shape; one on the prototype stays lazy, and every context has one shape. Measured on the
 * feed (20 connections): about 15 % less Node CPU per GraphQL request.
 */
class RequestContext implements Context {
  private childLog: Logger | undefined = undefined;
  /** The member the context was built for, as the log lines name them (a later sign-in does not change it). */
  private readonly userId: string | undefined;

  constructor(
    readonly requestId: string,
    public viewer: Context['viewer'],
    public sessionToken: string | null,
    readonly tokenId: string | null,
    readonly tokenScope: TokenScope | null,
    readonly meta: RequestMeta,
    readonly cookies: SessionCookieJar | null,
    public loaders: Context['loaders'],
    private readonly parentLog: Logger,
  ) {
    this.userId = viewer?.id;
  }

  get log(): Logger {
    return (this.childLog ??= this.parentLog.child({ requestId: this.requestId, userId: this.userId }));
  }
}

/** A personal access token that is unknown, revoked or expired (or whose member is suspended): 401 everywhere. */
export const TOKEN_REFUSED = 'This API token is not valid: it may have been revoked or have expired.';

/** Refuses a bad token; `http.status` is how Apollo Server answers an error thrown while building the context. */
const tokenRefused = () => new DomainError('UNAUTHENTICATED', TOKEN_REFUSED, { http: { status: 401 } });

/**
 * One context per request (or per websocket operation). The viewer is read from the session token (the cookie) or,
 * when the caller sent one, from a personal access token (`Authorization: Bearer ...`), which then wins: the cookie
 * is not read. A bad token is refused (UNAUTHENTICATED), never treated as signed out. GraphQL over HTTP, the
 * websocket and the REST table all come through here.
 */
export async function buildContext(opts: {
  token: string | null | undefined;
  /** The `Authorization` header's value (or a websocket's `authorization` connection param). */
  authorization?: unknown;
  meta: RequestMeta;
  cookies: SessionCookieJar | null;
  log: Logger;
  requestId?: string;
}): Promise<Context> {
  const requestId = opts.requestId ?? randomUUID();
  const bearer = bearerTokenOf(opts.authorization);
  if (bearer) {
    const holder = await unlessDatabaseUnavailable(() => holderOfToken(bearer));
    if (!holder) throw tokenRefused();
    await markAdminGate(holder.user);
    return new RequestContext(
      requestId,
      holder.user,
      null,
      holder.tokenId,
      holder.scope,
      opts.meta,
      null,
      createLoaders(holder.user.id),
      opts.log,
    );
  }
  const token = opts.token || null;
  const viewer = token ? await unlessDatabaseUnavailable(() => sessionFromToken(token)) : null;
  if (viewer) await markAdminGate(viewer);
  return new RequestContext(
    requestId,
    viewer,
    viewer ? token : null,
    null,
    null,
    opts.meta,
    opts.cookies,
    createLoaders(viewer?.id ?? null),
    opts.log,
  );
}

/**
 * An admin without a second factor while the admins' 2FA requirement is on may use no admin operation (kernel/auth.ts).
 */
async function markAdminGate(viewer: Viewer): Promise<void> {
  if (hasAdminRole(viewer)) viewer.mustEnrolTwoFactor = await unlessDatabaseUnavailable(() => adminMustEnrol(viewer));
}

/** The context of an HTTP request: GraphQL over HTTP, the REST table and the auth routes share it. */
export function httpContext(req: Request, res: Response, log: Logger): Promise<Context> {
  return buildContext({
    token: sessionTokenOf(req.headers.cookie),
    authorization: req.headers.authorization,
    meta: requestMeta(req),
    cookies: cookieJar(res),
    log,
    requestId: (req as Request & { id?: string }).id,
  });
}
