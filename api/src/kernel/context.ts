import type { Request, Response } from 'express';
import type { Logger } from './logger';

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

/**
 * Who is asking, as far as the kernel cares: an id and a role. The composition root puts the signed-in
 * member's row here; modules that need more of the member read it through their own loaders or services.
 */
export interface Viewer {
  id: string;
  role: string;
  /** An admin who must turn on two-factor sign-in before any admin operation (the admins' 2FA requirement is on). */
  mustEnrolTwoFactor?: boolean;
}

/**
 * The per-request loader registry. The kernel knows no module: each module adds its own entry by
 * declaration merging in its `<entity>.loaders.ts`, and the composition root (`loaders.ts`) builds them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Loaders {}

/** What a personal access token may do: `read` runs no mutation; only `admin` keeps an admin's powers. */
export type TokenScope = 'read' | 'readWrite' | 'admin';

/** One request's context (or one websocket operation's), built by the composition root (`context.ts`). */
export interface Context<V extends Viewer = Viewer> {
  requestId: string;
  log: Logger;
  viewer: V | null;
  /** The presented session token (raw), so sign-in can rotate it and sign-out can end it. */
  sessionToken: string | null;
  /**
   * The personal access token the request came with (`Authorization: Bearer ...`), by id; null for a session or nobody.
   * It names the cost budget spent (kernel/budget.ts).
   */
  tokenId: string | null;
  /** That token's scope; null without a token. */
  tokenScope: TokenScope | null;
  meta: RequestMeta;
  cookies: SessionCookieJar | null;
  loaders: Loaders;
}

/** Builds the context of an HTTP request; the composition root provides it to the REST runner and auth routes. */
export type HttpContextFactory = (req: Request, res: Response, log: Logger) => Promise<Context>;
