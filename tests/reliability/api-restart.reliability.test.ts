/**
 * The API restarted while the web app is open (issue 15, item 8): a member has the built web app open in Chromium
 * (its own Apollo client and graphql-ws link: retry forever with backoff, and on reconnect the notification badge and
 * list fetched again), the API process is stopped and started again on the same port, data folder and database,
 * and the page, never reloaded, reconnects by itself. A notification and a message sent while it was away (after the
 * restart, before its reconnect: the test holds its websocket back meanwhile) and ones sent after its reconnect
 * reach it, and the bell and the Messages badge show the counts the database holds. Prints the figures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { Client as PgClient } from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort, REPO_ROOT, signedUpClient, startApp, type App, type Client } from '../support/app';
import { launchBrowser, newPage, waitUntil, type TestPage } from '../support/browser';

const ENV = { RATE_SIGNUP_PER_IP: '1000', RATE_SIGNIN_PER_IP: '1000', RATE_WRITES_PER_MINUTE: '100000' };

let dataDir: string;
let env: Record<string, string>;
let app: App | null = null;
let browser: Browser;
let tab: TestPage | null = null;

beforeAll(async () => {
  const index = path.join(REPO_ROOT, 'web', 'dist', 'index.html');
  if (!fs.existsSync(index)) throw new Error(`${index} is missing: run "npm run build" first`);
  // One data folder, port and database port for both lives of the server (startApp's own folder goes unused).
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saffa-restart-'));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  env = {
    ...ENV,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
  };
  [app, browser] = await Promise.all([startApp(env), launchBrowser()]);
});
afterAll(async () => {
  await tab?.close();
  await browser?.close();
  await app?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function ok<T = any>(c: Client, query: string, variables?: Record<string, unknown>): Promise<T> {
  const res = await c.graphql(query, variables);
  expect(res.json?.errors, `${query}: ${res.text}`).toBeUndefined();
  return res.json.data as T;
}

const bell = (p: Page) => p.getByRole('button', { name: /^Notifications(, \S+ unread)?$/ });
const messagesLink = (p: Page) =>
  p.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: /^Messages/ });
/** The count a badge shows (0 when it shows none). */
async function bellCount(p: Page): Promise<number> {
  const m = /, (\d+) unread$/.exec((await bell(p).getAttribute('aria-label')) ?? '');
  return m ? Number(m[1]) : 0;
}
async function messagesCount(p: Page): Promise<number> {
  const labels = await messagesLink(p)
    .getByLabel(/unread messages$/)
    .allTextContents();
  return labels.length ? Number(labels[0]) : 0;
}

test('the open web app reconnects after the API restarts, gets the events sent since, and its badges match the database', async () => {
  const lindiwe = await signedUpClient(app!.url, { firstName: 'Lindiwe', lastName: 'Live' });
  const [sipho, thabo] = await Promise.all([
    signedUpClient(app!.url, { firstName: 'Sipho', lastName: 'Sender' }),
    signedUpClient(app!.url, { firstName: 'Thabo', lastName: 'Third' }),
  ]);
  await ok(lindiwe.client, 'mutation { updateTutorial(tutorialCompleted: true, tutorialStep: 9) { id } }');
  const lindiweId = (await ok(lindiwe.client, '{ me { id } }')).me.id as string;
  const post = (
    await ok(lindiwe.client, 'mutation($input: CreatePostInput!) { createPost(input: $input) { id } }', {
      input: { content: 'Who is in for a braai?' },
    })
  ).createPost;
  const conversationWith = async (m: typeof sipho) =>
    (
      await ok(m.client, 'mutation($input: StartConversationInput!) { startConversation(input: $input) { id } }', {
        input: { memberId: lindiweId },
      })
    ).startConversation.id as string;
  const [siphoChat, thaboChat] = await Promise.all([conversationWith(sipho), conversationWith(thabo)]);
  const comment = (m: typeof sipho, text: string) =>
    ok(m.client, 'mutation($p: ID!, $t: String!) { addComment(postId: $p, text: $t) { id } }', { p: post.id, t: text });
  const message = (m: typeof sipho, conversationId: string, body: string) =>
    ok(m.client, 'mutation($c: ID!, $b: String!) { sendMessage(conversationId: $c, body: $b) { id } }', {
      c: conversationId,
      b: body,
    });

  // What the database holds for Lindiwe: unread notifications, and conversations with messages she has not read.
  const truth = async () => {
    const pg = new PgClient({ connectionString: app!.databaseUrl });
    await pg.connect();
    try {
      const n = await pg.query('SELECT count(*)::int AS n FROM notifications WHERE recipient_id = $1 AND NOT is_read', [
        lindiweId,
      ]);
      const c = await ok(lindiwe.client, '{ unreadConversations }');
      return { notifications: n.rows[0].n as number, conversations: c.unreadConversations as number };
    } finally {
      await pg.end();
    }
  };

  // Lindiwe opens the app in Chromium, signed in with her session cookie.
  tab = await newPage(browser, app!.url);
  const origin = new URL(app!.url);
  await tab.context.addCookies(
    [...lindiwe.client.cookies].map(([name, value]) => ({ name, value, domain: origin.hostname, path: '/' })),
  );
  // The page's websockets pass through the test, which sees every frame. While `holdSockets` is set and the server
  // is up, a new connection waits (the page sees no answer yet, as from a server still starting); while the server is
  // down the page's attempts fail as they would without the test.
  let holdSockets = false;
  let serverUp = true;
  let attempts = 0;
  const acks: number[] = [];
  const frames: string[] = [];
  await tab.context.routeWebSocket(/\/graphql$/, async (ws) => {
    attempts += 1;
    const pending: Array<string | Buffer> = [];
    let server: WebSocketRoute | null = null;
    ws.onMessage((m) => (server ? server.send(m) : pending.push(m)));
    if (holdSockets && serverUp) await waitUntil(() => !holdSockets, 'the test letting the websocket through', 120_000);
    server = ws.connectToServer();
    server.onMessage((m) => {
      const text = String(m);
      frames.push(text);
      if (text.includes('"connection_ack"')) acks.push(Date.now());
      ws.send(m);
    });
    ws.onClose((code, reason) => server!.close({ code, reason }));
    server.onClose((code, reason) => ws.close({ code, reason }));
    for (const m of pending) server.send(m);
  });
  const p = tab.page;
  await p.goto('/');
  await bell(p).waitFor();
  await messagesLink(p).waitFor();

  // Live before the restart: a comment and a message arrive over the websocket.
  await comment(sipho, 'Before the restart');
  await message(sipho, siphoChat, 'Hallo before');
  await waitUntil(
    async () => (await bellCount(p)) === (await truth()).notifications && (await messagesCount(p)) === 1,
    'the badges before the restart',
    15_000,
  );
  const acksBefore = acks.length;

  // The API process stops (SIGTERM) and starts again on the same port, data folder and database. The page's
  // attempts to reconnect are refused until the events it must miss were sent.
  const downAt = Date.now();
  holdSockets = true;
  serverUp = false;
  await app!.stop();
  app = null;
  app = await startApp(env);
  serverUp = true;
  const upAt = Date.now();
  await comment(thabo, 'While you were away');
  await message(thabo, thaboChat, 'Hallo while away');
  const sentWhileAwayAt = Date.now();
  holdSockets = false;
  await waitUntil(() => acks.length > acksBefore, 'the page connected again (connection_ack)', 45_000);
  const reconnectedAt = acks[acks.length - 1];
  const attemptsWhileAway = attempts;
  const framesAtReconnect = frames.length;

  // After the reconnect the badges show what the database holds (the count subscriptions answer at once, and the
  // web client fetches the notification count and list again).
  let t = await truth();
  await waitUntil(
    async () => (await bellCount(p)) === t.notifications && (await messagesCount(p)) === t.conversations,
    `the badges at ${JSON.stringify(t)}`,
    15_000,
  );
  expect(t.conversations).toBe(2);

  // Events after the reconnect reach the page live.
  await comment(sipho, 'After the restart');
  await message(sipho, siphoChat, 'Hallo after');
  t = await truth();
  await waitUntil(async () => (await bellCount(p)) === t.notifications, `the bell at ${t.notifications}`, 15_000);
  await waitUntil(
    () => frames.slice(framesAtReconnect).some((f) => f.includes('Hallo after')),
    'the message after the restart over the websocket',
    15_000,
  );
  await waitUntil(
    () =>
      frames.slice(framesAtReconnect).some((f) => f.includes('notificationAdded') && f.includes('After the restart')),
    'the notification after the restart',
    15_000,
  );
  expect(await messagesCount(p)).toBe(t.conversations);
  expect(tab.pageErrors).toEqual([]);

  console.log(
    JSON.stringify({
      fault: 'API process restarted with the web app open',
      downToUpMs: upAt - downAt,
      missedEventsSentAfterUpMs: sentWhileAwayAt - upAt,
      reconnectAfterMissedEventsMs: reconnectedAt - sentWhileAwayAt,
      websocketAttempts: attemptsWhileAway,
      missedEventsDeliveredLive: frames.slice(0, framesAtReconnect).some((f) => f.includes('Hallo while away')),
      badgesAfterReconnect: { bell: await bellCount(p), messages: await messagesCount(p) },
      database: t,
      eventsAfterReconnectReceived: 2,
    }),
  );
});
