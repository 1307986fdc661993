import fs from 'node:fs';
import path from 'node:path';
import { graphql } from 'graphql';
import pino from 'pino';
import * as yauzl from 'yauzl';
import type { Context } from '../kernel/context';
import { db } from '../kernel/database';
import { DomainError } from '../kernel/errors';
import { settings, useSettings } from '../kernel/settings';
import { pubSub } from '../kernel/pubsub';
import { mp4Bytes } from '../kernel/upload.fixtures';
import { hashToken } from '../modules/auth/tokens';
import { buildContext } from '../context';
import { createLoaders } from '../loaders';
import type { User } from '../modules/users/user.entity';
import { getSchema } from '../schema';

export const silentLog = pino({ level: 'silent' });

/** Where the media store keeps the file a /media URL names (each test file has its own store). */
export const mediaFile = (url: string) => path.join(settings().mediaDir, url.replace('/media/', ''));
/** How many files the media store holds. */
export const storedFiles = () =>
  (fs.existsSync(settings().mediaDir) ? fs.readdirSync(settings().mediaDir, { recursive: true }) : []).filter((f) =>
    /\.\w+$/.test(String(f)),
  ).length;

export interface GqlResult<T = any> {
  data?: T;
  errors?: ReadonlyArray<{ message: string; extensions?: Record<string, unknown> }>;
  /** Cookie operations the transport would have done. */
  cookies: Array<{ op: 'set' | 'clear'; token?: string }>;
  context: Context;
}

/**
 * Runs a GraphQL operation as an HTTP request would: `as` a member (context viewer), or with a
 * session `token` as if read from the cookie, or signed out.
 */
export async function gql<T = any>(
  source: string,
  variables: Record<string, unknown> = {},
  opts: { as?: User | null; token?: string | null; bearer?: string; ip?: string } = {},
): Promise<GqlResult<T>> {
  const cookies: GqlResult['cookies'] = [];
  let context: Context;
  try {
    context = await buildContext({
      token: opts.token ?? null,
      authorization: opts.bearer === undefined ? undefined : `Bearer ${opts.bearer}`,
      meta: { ip: opts.ip ?? '10.0.0.1', userAgent: 'vitest' },
      cookies: { set: (token) => cookies.push({ op: 'set', token }), clear: () => cookies.push({ op: 'clear' }) },
      log: silentLog,
    });
  } catch (err) {
    // A refused personal access token: the transports answer it as this one error.
    if (!(err instanceof DomainError)) throw err;
    return { errors: [{ message: err.message, extensions: { code: err.code } }], cookies, context: undefined as never };
  }
  if (opts.as !== undefined) {
    context.viewer = opts.as;
    context.loaders = createLoaders(opts.as?.id ?? null);
  }
  const result = await graphql({ schema: await getSchema(), source, variableValues: variables, contextValue: context });
  return {
    data: (result.data ?? undefined) as T | undefined,
    errors: result.errors?.map((e) => ({ message: e.message, extensions: e.extensions })),
    cookies,
    context,
  };
}

/**
 * Runs `fn` with the write limits (kernel/rate-limit.ts) far out of reach: for a test about something else that
 * writes a lot quickly (a race of 50 parallel calls, a long thread to page through). Tests of the limits leave them.
 */
export async function withRoomyWriteLimits<T>(fn: () => Promise<T>): Promise<T> {
  const before = settings();
  const roomy = 1_000_000;
  useSettings({
    ...before,
    limits: {
      ...before.limits,
      writesPerMinute: roomy,
      messagesPerMinute: roomy,
      conversationsPerHour: roomy,
      supportMessagesPerHour: roomy,
    },
  });
  try {
    return await fn();
  } finally {
    useSettings(before);
  }
}

/** The code of the first error, for `expect(codeOf(r)).toBe('FORBIDDEN')`. */
export const codeOf = (r: GqlResult) => r.errors?.[0]?.extensions?.code;

/** Counts the SQL statements run while `fn` runs (the data source's logger sees every query). */
export async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const ds = db();
  const original = ds.logger;
  const queries: string[] = [];
  (ds as { logger: unknown }).logger = {
    logQuery: (q: string, parameters?: unknown[], runner?: never) => {
      queries.push(q);
      original.logQuery(q, parameters, runner); // the setup's checks still see every statement
    },
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
  try {
    return { result: await fn(), queries };
  } finally {
    (ds as { logger: unknown }).logger = original;
  }
}

/** Smallest valid files of each kind, as data URLs. */
export const files = {
  png:
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ' +
    'AAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  pdf: `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n1 0 ' + 'obj<<>>endobj\ntrailer<<>>\n%%EOF').toString(
    'base64',
  )}`,
  mp4: `data:video/mp4;base64,${mp4Bytes().toString('base64')}`,
  /** An executable renamed as an image: the bytes say otherwise. */
  fakePng: `data:image/png;base64,${Buffer.from('MZ\x90\x00 this is not an image').toString('base64')}`,
  sized: (bytes: number, head = Buffer.from([0xff, 0xd8, 0xff])) =>
    `data:image/jpeg;base64,${Buffer.concat([head, Buffer.alloc(bytes - head.length)]).toString('base64')}`,
};

/** Opens a GraphQL subscription as a member (as the websocket would) and returns its next values on demand. */
export async function subscribeAs(source: string, as: User) {
  const { parse, subscribe } = await import('graphql');
  const context = await buildContext({ token: null, meta: { ip: '10.0.0.1' }, cookies: null, log: silentLog });
  context.viewer = as;
  context.loaders = createLoaders(as.id);
  const result = await subscribe({ schema: await getSchema(), document: parse(source), contextValue: context });
  if (!(Symbol.asyncIterator in result)) throw new Error(JSON.stringify(result.errors));
  const it = result as AsyncGenerator<{ data?: Record<string, unknown> | null }>;
  return {
    next: async (ms = 5000) => {
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event in time')), ms));
      const r = await Promise.race([it.next(), timeout]);
      return r.value?.data;
    },
    close: () => it.return?.(undefined),
  };
}

/** Loads the demo members without printing their passwords (the users demo part prints them). */
export async function loadDemoMembers(): Promise<void> {
  const { usersDemo } = await import('../modules/users/user.demo');
  const write = process.stdout.write;
  process.stdout.write = (() => true) as never;
  try {
    await usersDemo.load(silentLog);
  } finally {
    process.stdout.write = write;
  }
}

/**
 * Starts watching for the announcement of each session's end (what closes its websockets, server-websocket.ts); the
 * answer resolves once every one of `tokens` was announced, and rejects after 5 seconds naming how many were not.
 */
export function sessionsEndAnnounced(tokens: string[]): () => Promise<void> {
  const ended = pubSub.subscribe('session.ended') as AsyncIterableIterator<{ tokenHash: string }>;
  const wanted = new Set(tokens.map((t) => hashToken(t)));
  const seen = (async () => {
    for await (const e of ended) {
      wanted.delete(e.tokenHash);
      if (!wanted.size) break;
    }
  })();
  return () =>
    Promise.race([
      seen,
      new Promise<void>((_, reject) =>
        setTimeout(() => reject(new Error(`sessions not announced: ${wanted.size}`)), 5000),
      ),
    ]);
}

/** The entries of a zip as name -> bytes. */
export async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  const out = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          out.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return out;
}
