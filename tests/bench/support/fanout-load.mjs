// The load side of tests/bench/fanout.bench.ts, in its own process (pinned to one core by the bench with taskset):
// websocket clients of members, each subscribed to the two subscriptions the web app opens, and the senders of
// the mutations whose deliveries it times. Every time is taken here, on one clock, from just before the mutation's
// request is sent until the subscription's message is parsed by the client. Commands arrive over IPC.
import { performance } from 'node:perf_hooks';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

// The web app's documents (web/src/features/notifications/notifications.graphql).
const NOTIFICATION_ADDED = `subscription NotificationAdded { notificationAdded { ...NotificationItem_notification } }
fragment NotificationItem_notification on Notification { id type title message isRead link createdAt }`;
const UNREAD_CHANGED = `subscription UnreadNotificationCountChanged { unreadNotificationCountChanged }`;
const COOKIE = process.env.SESSION_COOKIE ?? 'saffa.sid';

/**
 * @type {Array<{ client: import('graphql-ws').Client, added: Array<{ at: number, n: any }>, counts: Array<{ at: number,
 * count: number }> }>}
 */
let members = [];
/** Messages (data or errors) received by every client so far: waits compare it, O(1) per message. */
let received = 0;
let waiters = [];
const wake = () => {
  const now = waiters;
  waiters = [];
  for (const w of now) w();
};
/** Resolves when `done()` is true (checked after every message), or rejects after `ms`. */
function until(done, ms, what) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what()}`)), ms);
    const check = () => {
      if (done()) {
        clearTimeout(timer);
        resolve();
      } else waiters.push(check);
    };
    check();
  });
}

function connect(url, token) {
  const headers = { cookie: `${COOKIE}=${token}`, origin: url };
  const Impl = class extends WebSocket {
    constructor(address, protocols) {
      super(address, protocols, { headers, perMessageDeflate: false });
    }
  };
  const m = { client: null, added: [], counts: [], errors: [] };
  m.client = createClient({
    url: `${url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: Impl,
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: (e) => m.errors.push(e),
  });
  const sink = (list, pick) => ({
    next: (v) => {
      if (v.data) list.push({ at: performance.now(), ...pick(v.data) });
      else m.errors.push(v.errors);
      received++;
      wake();
    },
    error: (e) => {
      m.errors.push(e);
      received++;
      wake();
    },
    complete: () => undefined,
  });
  m.client.subscribe(
    { query: NOTIFICATION_ADDED },
    sink(m.added, (d) => ({ n: d.notificationAdded })),
  );
  m.client.subscribe(
    { query: UNREAD_CHANGED },
    sink(m.counts, (d) => ({ count: d.unreadNotificationCountChanged })),
  );
  return m;
}

async function graphql(url, token, query, variables) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${COOKIE}=${token}`, origin: url },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

const commands = {
  /** Opens one client per token, 100 at a time, and waits until each has its first unread count (both live). */
  async connect({ url, tokens }) {
    const started = performance.now();
    members = [];
    for (let i = 0; i < tokens.length; i += 100) {
      const target = received + Math.min(100, tokens.length - i);
      const batch = tokens.slice(i, i + 100).map((t) => connect(url, t));
      members.push(...batch);
      await until(
        () => received >= target,
        30_000,
        () => 'first counts',
      );
    }
    const failed = members.filter((m) => m.errors.length);
    if (failed.length)
      throw new Error(`${failed.length} clients failed: ${JSON.stringify(failed[0].errors).slice(0, 500)}`);
    return { ms: performance.now() - started };
  },

  /** A broadcast from `url` as the admin: per client, ms from the request until notificationAdded (and the count). */
  async broadcast({ url, adminToken, title }) {
    const addedBefore = members.map((m) => m.added.length);
    const countsBefore = members.map((m) => m.counts.length);
    const target = received + 2 * members.length;
    const t0 = performance.now();
    const sent = await graphql(
      url,
      adminToken,
      'mutation($input: BroadcastInput!) { broadcastNotification(input: $input) }',
      {
        input: { title, message: 'Load shedding moves to stage 2 from 18:00 tonight. Braai early!', type: 'warning' },
      },
    );
    const answeredMs = performance.now() - t0;
    await until(
      () => received >= target,
      20_000,
      () => `${members.filter((m, i) => m.added.length > addedBefore[i]).length}/${members.length} deliveries`,
    );
    const missing = members.filter((m, i) => !(m.added.length > addedBefore[i] && m.counts.length > countsBefore[i]));
    if (missing.length)
      throw new Error(
        `${missing.length} clients missed the broadcast or its ` +
          `count: ${JSON.stringify(missing[0].errors).slice(0, 500)}`,
      );
    const wrong = members.filter((m, i) => m.added[addedBefore[i]].n.title !== title);
    if (wrong.length) throw new Error(`${wrong.length} clients received another notification first`);
    return {
      sent: sent.broadcastNotification,
      answeredMs,
      added: members.map((m, i) => m.added[addedBefore[i]].at - t0),
      counts: members.map((m, i) => m.counts[countsBefore[i]].at - t0),
      ids: members.map((m, i) => m.added[addedBefore[i]].n.id),
    };
  },

  /**
   * One-recipient notifications: for each event, the admin comments on the post of client `i`, whose author is
   * told (notify); ms from the request until that client's notificationAdded. One event at a time.
   */
  async single({ url, adminToken, events }) {
    const times = [];
    for (const [k, { i, postId }] of events.entries()) {
      const m = members[i];
      const before = m.added.length;
      const text = `Lekker post! #${k} ${Date.now()}`;
      const t0 = performance.now();
      await graphql(url, adminToken, 'mutation($p: ID!, $t: String!) { addComment(postId: $p, text: $t) { id } }', {
        p: postId,
        t: text,
      });
      await until(
        () => m.added.length > before,
        10_000,
        () => `the notification of event ${k}`,
      );
      if (!m.added[before].n.message.includes(text)) throw new Error(`client ${i} received another notification`);
      times.push(m.added[before].at - t0);
    }
    return { times };
  },

  async disconnect() {
    await Promise.all(members.map((m) => m.client.dispose()));
    members = [];
    return {};
  },
};

process.on('message', async ({ id, cmd, args }) => {
  try {
    process.send({ id, ok: true, result: await commands[cmd](args) });
  } catch (err) {
    process.send({ id, ok: false, error: err instanceof Error ? err.stack : String(err) });
  }
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
