import type { WebSocket } from 'ws';

/** What a socket needs to close: a `ws` WebSocket, or a test's stand-in. */
type Closable = Pick<WebSocket, 'close' | 'once'>;

/**
 * The open sockets of each session or access token (keyed by the token's hash), so that ending a session closes its
 * sockets: a subscription must not outlive the sign-out, password change, revocation, suspension or expiry that
 * ended it.
 */
export class SocketsBySession<S extends Closable = WebSocket> {
  private readonly sockets = new Map<string, Map<S, string>>();
  /** When each session with open sockets expires (null: never, as a token without expiry). */
  private readonly expiry = new Map<string, Date | null>();

  /** Remembers `ws` as opened with `token` (whose hash is `key`, valid until `expiresAt`) until it closes. */
  add(key: string, token: string, ws: S, expiresAt: Date | null = null): void {
    let of = this.sockets.get(key);
    if (!of) this.sockets.set(key, (of = new Map()));
    of.set(ws, token);
    this.expiry.set(key, expiresAt);
    ws.once('close', () => {
      of.delete(ws);
      if (!of.size && this.sockets.get(key) === of) {
        this.sockets.delete(key);
        this.expiry.delete(key);
      }
    });
  }

  /** Sets when the session `key` expires, if it still has open sockets. */
  expires(key: string, at: Date | null): void {
    if (this.sockets.has(key)) this.expiry.set(key, at);
  }

  /** Closes the sockets of every session that has expired by `now` (no query: the expiry was read at connect). */
  endExpired(now: Date): void {
    for (const [key, at] of [...this.expiry]) if (at && at <= now) this.end(key);
  }

  /** Closes every socket of the session `key` (4401: the client must sign in again). */
  end(key: string): void {
    for (const ws of this.sockets.get(key)?.keys() ?? []) ws.close(SESSION_ENDED, 'Session ended');
    this.sockets.delete(key);
    this.expiry.delete(key);
  }

  /** After events may have been missed: asks `valid` about every session with open sockets and ends the others. */
  async recheck(valid: (token: string) => Promise<boolean>): Promise<void> {
    for (const [key, of] of [...this.sockets]) {
      const token = of.values().next().value;
      if (token !== undefined && !(await valid(token))) this.end(key);
    }
  }
}

/** graphql-ws's "Unauthorized" close code. */
export const SESSION_ENDED = 4401;

/**
 * Frames one socket is sent in the same turn of the event loop leave in one write. A new notification sends two
 * (the notification and the new unread count) and a broadcast sends them to every open socket, where each write
 * is a system call: the socket is corked at the first frame of a turn and uncorked right after it. (`_socket`
 * is ws's own field; without it frames go out one by one, as before.)
 */
export function coalesceFrames(ws: WebSocket): void {
  const raw = (ws as unknown as { _socket?: { cork?: () => void; uncork: () => void; writable: boolean } })._socket;
  if (typeof raw?.cork !== 'function') return;
  const send = ws.send.bind(ws) as (...args: unknown[]) => void;
  let corked = false;
  ws.send = ((...args: unknown[]) => {
    if (!corked && raw.writable) {
      corked = true;
      raw.cork!();
      setImmediate(() => {
        corked = false;
        raw.uncork();
      });
    }
    send(...args);
  }) as WebSocket['send'];
}
