/** A GraphQL subscription over the websocket, opened as a browser of `app` opens it (its origin, a session cookie). */
import { createClient, type Client as WsClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { App } from './app';

export interface OpenSubscription {
  /** The `data` of every event received. */
  received: Array<Record<string, unknown>>;
  errors: unknown[];
  /** The close code of the socket once the server closed it, else null. */
  closeCode(): number | null;
  client: WsClient;
}

/** Opens `query` and resolves once the server acknowledged the connection (no retries: the test sees every close). */
export async function openSubscription(app: App, cookie: string, query: string): Promise<OpenSubscription> {
  const headers = { cookie, origin: app.url };
  const Impl = class extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  };
  const received: Array<Record<string, unknown>> = [];
  const errors: unknown[] = [];
  let code: number | null = null;
  let connected!: () => void;
  const ready = new Promise<void>((r) => (connected = r));
  const client = createClient({
    url: `${app.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: Impl,
    retryAttempts: 0,
    lazy: false,
    on: { connected: () => connected(), closed: (e) => (code = (e as { code: number }).code) },
    onNonLazyError: () => undefined, // the server going away is what some tests expect
  });
  client.subscribe<Record<string, unknown>>(
    { query },
    {
      next: (v) => (v.data ? received.push(v.data) : errors.push(v.errors)),
      error: (e) => errors.push(e),
      complete: () => undefined,
    },
  );
  await ready;
  return { received, errors, closeCode: () => code, client };
}
