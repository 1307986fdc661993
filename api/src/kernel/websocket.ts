import type { WebSocket } from 'ws';

/**
 * The open sockets of each session (keyed by the session token's hash), so that ending a session closes its
 * sockets: a subscription must not outlive the sign-out or password change that ended it.
 */
export class SocketsBySession {
  private readonly sockets = new Map<string, Map<WebSocket, string>>();

  /** Remembers `ws` as opened with `token` (whose hash is `key`) until it closes. */
  add(key: string, token: string, ws: WebSocket): void {
    let of = this.sockets.get(key);
    if (!of) this.sockets.set(key, (of = new Map()));
    of.set(ws, token);
    ws.once('close', () => {
      of.delete(ws);
      if (!of.size && this.sockets.get(key) === of) this.sockets.delete(key);
    });
  }

  /** Closes every socket of the session `key` (4401: the client must sign in again). */
  end(key: string): void {
    for (const ws of this.sockets.get(key)?.keys() ?? []) ws.close(SESSION_ENDED, 'Session ended');
    this.sockets.delete(key);
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
