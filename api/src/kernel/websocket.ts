import type { WebSocket, WebSocketServer } from 'ws';

/**
 * Pings every open socket each `intervalMs`: proxies with an idle timeout then see traffic on quiet subscriptions,
 * and a peer that did not answer the previous ping (gone without a close) is terminated.
 */
export function keepAlive(wss: WebSocketServer, intervalMs: number): () => void {
  const alive = new WeakSet<WebSocket>();
  wss.on('connection', (ws: WebSocket) => {
    alive.add(ws);
    ws.on('pong', () => alive.add(ws));
  });
  const timer = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.has(ws)) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

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
