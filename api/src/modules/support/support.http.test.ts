/**
 * The support inbox over real HTTP: the Express app with Apollo, a session cookie, and the web app's own documents.
 * Every statement a request causes is counted, the session lookup included: a page of the admin's inbox or of a
 * thread costs the same whatever its size. And a wrongly typed body is a 400 BAD_USER_INPUT, never a 500.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createServer, type RunningServer } from '../../server';
import { buildSession, buildUser } from '../../test/factories';
import { countQueries, gql, silentLog, withRoomyWriteLimits } from '../../test/helpers';
import { webDocument } from '../../test/web-documents';
import { Role } from '../users/user.entity';

const THREADS = webDocument('SupportThreads', ['features/admin/conversations.graphql']);
const THREAD_MESSAGES = webDocument('SupportThreadMessages', ['features/admin/conversations.graphql']);
const OWN_MESSAGES = webDocument('SupportMessages', ['features/support/support.graphql']);

let server: RunningServer;
let base: string;
let adminCookie: string;
let memberCookie: string;
let busiest: string;

beforeAll(async () => {
  const config = { ...loadConfig(), webDist: path.join(__dirname, 'no-web-build-here') };
  server = await createServer(config, silentLog, {
    events: { state: () => 'listening', onReconnect: () => undefined },
  });
  await new Promise<void>((r) => server.httpServer.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}`;
  const admins = [
    await buildUser({ role: Role.admin, firstName: 'Ama' }),
    await buildUser({ role: Role.admin, firstName: 'Bea' }),
  ];
  const send = `mutation($b: String!) { sendSupportMessage(body: $b) { threadId } }`;
  const reply = `mutation($t: ID!, $b: String!) { replySupport(threadId: $t, body: $b) { id } }`;
  let member = null;
  await withRoomyWriteLimits(async () => {
    for (let i = 0; i < 55; i++) {
      member = await buildUser();
      const { data } = await gql(send, { b: `question ${i}` }, { as: member });
      if (i % 3 === 0)
        await gql(reply, { t: data.sendSupportMessage.threadId, b: `answer ${i}` }, { as: admins[i % 2] });
    }
    // The last member's thread: 60 messages, answers from both admins.
    for (let i = 0; i < 59; i++) {
      const { data } = await gql(send, { b: `more ${i}` }, { as: member! });
      busiest = data.sendSupportMessage.threadId;
      if (i % 2) await gql(reply, { t: busiest, b: `answer ${i}` }, { as: admins[i % 4 === 1 ? 0 : 1] });
    }
  });
  const config2 = loadConfig();
  adminCookie = `${config2.sessionCookieName}=${(await buildSession({ memberId: admins[0].id })).token}`;
  memberCookie = `${config2.sessionCookieName}=${(await buildSession({ memberId: member!.id })).token}`;
});

afterAll(async () => {
  await server?.close();
});

const graphql = (query: string, variables: Record<string, unknown>, cookie: string) =>
  fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query, variables }),
  });

describe('SQL statements of the support inbox on the HTTP path, the session included', () => {
  it.each([5, 20, 50])(
    "the admin's inbox (the web app's SupportThreads document), %i threads: at most 6",
    async (first) => {
      const { result, queries } = await countQueries(async () =>
        (await graphql(THREADS, { first }, adminCookie)).json(),
      );
      expect(result.errors).toBeUndefined();
      expect(result.data.supportThreads.nodes).toHaveLength(first);
      expect(
        result.data.supportThreads.nodes.every(
          (t: { member: { id: string } | null; lastMessage: unknown }) => t.member && t.lastMessage,
        ),
      ).toBe(true);
      // session, the admins' two-factor gate (api/src/context.ts), page, members, last messages, unread counts
      expect(queries.length, queries.join('\n---\n')).toBeLessThanOrEqual(6);
    },
  );

  it.each([5, 20, 50])(
    "a thread (the web app's SupportThreadMessages document), %i messages: at most 5",
    async (first) => {
      const { result, queries } = await countQueries(async () =>
        (await graphql(THREAD_MESSAGES, { threadId: busiest, first }, adminCookie)).json(),
      );
      expect(result.errors).toBeUndefined();
      expect(result.data.supportThreadMessages.nodes).toHaveLength(first);
      expect(
        new Set(result.data.supportThreadMessages.nodes.map((m: { authorName: string }) => m.authorName)).size,
      ).toBe(3);
      // session, the admins' two-factor gate, thread, page, authors
      expect(queries.length, queries.join('\n---\n')).toBeLessThanOrEqual(5);
    },
  );

  it.each([5, 20, 50])(
    "the member's chat (the web app's SupportMessages document), %i messages: at most 4",
    async (first) => {
      const { result, queries } = await countQueries(async () =>
        (await graphql(OWN_MESSAGES, { first }, memberCookie)).json(),
      );
      expect(result.errors).toBeUndefined();
      expect(result.data.supportMessages.nodes).toHaveLength(first);
      expect(queries.length, queries.join('\n---\n')).toBeLessThanOrEqual(4);
    },
  );

  it('answers a wrongly typed or missing body with 400 BAD_USER_INPUT', async () => {
    for (const variables of [{ body: 42 }, { body: null }, {}]) {
      const res = await graphql(
        `
          mutation ($body: String!) {
            sendSupportMessage(body: $body) {
              id
            }
          }
        `,
        variables,
        memberCookie,
      );
      expect(res.status).toBe(400);
      expect((await res.json()).errors[0].extensions.code).toBe('BAD_USER_INPUT');
    }
  });
});
