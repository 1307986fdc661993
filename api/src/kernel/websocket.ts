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
