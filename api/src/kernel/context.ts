import { randomUUID } from 'node:crypto';
import type { Logger } from './logger';
import type { User } from '../modules/users/user.entity';
import { createLoaders, type Loaders } from '../loaders';
import { sessionFromToken } from '../modules/auth/session.service';

/** What the transport knows of the caller, for rate limits and audit. */
export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

/** Lets a service start or end the browser's session; absent on websockets, where cookies cannot be set. */
export interface SessionCookieJar {
  set(token: string, expires: Date): void;
  clear(): void;
}

export interface Context {
  requestId: string;
  log: Logger;
  viewer: User | null;
  /** The presented session token (raw), so sign-in can rotate it and sign-out can end it. */
  sessionToken: string | null;
  meta: RequestMeta;
  cookies: SessionCookieJar | null;
  loaders: Loaders;
}

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
  const viewer = token ? await sessionFromToken(token) : null;
  return {
    requestId,
    log: opts.log.child({ requestId, userId: viewer?.id }),
    viewer,
    sessionToken: viewer ? token : null,
    meta: opts.meta,
    cookies: opts.cookies,
    loaders: createLoaders(viewer?.id ?? null),
  };
}
