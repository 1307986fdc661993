import { graphql } from 'graphql';
import { crc32, deflateRawSync } from 'node:zlib';
import pino from 'pino';
import type { Context } from '../kernel/context';
import { db } from '../kernel/database';
import { buildContext } from '../context';
import { createLoaders } from '../loaders';
import type { User } from '../modules/users/user.entity';
import { getSchema } from '../schema';

export const silentLog = pino({ level: 'silent' });

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
  opts: { as?: User | null; token?: string | null; ip?: string } = {},
): Promise<GqlResult<T>> {
  const cookies: GqlResult['cookies'] = [];
  const context = await buildContext({
    token: opts.token ?? null,
    meta: { ip: opts.ip ?? '10.0.0.1', userAgent: 'vitest' },
    cookies: { set: (token) => cookies.push({ op: 'set', token }), clear: () => cookies.push({ op: 'clear' }) },
    log: silentLog,
  });
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

/** The code of the first error, for `expect(codeOf(r)).toBe('FORBIDDEN')`. */
export const codeOf = (r: GqlResult) => r.errors?.[0]?.extensions?.code;

/** Counts the SQL statements run while `fn` runs (the data source's logger sees every query). */
export async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const ds = db();
  const original = ds.logger;
  const queries: string[] = [];
  (ds as { logger: unknown }).logger = {
    logQuery: (q: string) => queries.push(q),
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

/** An ISO media box: its size, its four-letter type and its payload. */
export const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};

/** The smallest MP4 laid out as players read it: `ftyp`, `moov` with its `mvhd` header, then `mdat`. */
export const mp4Bytes = (brand = 'isom') =>
  Buffer.concat([box('ftyp', Buffer.from(`${brand}\0\0\x02\0isomiso2mp41`, 'latin1')), box('moov', box('mvhd', Buffer.alloc(100))), box('mdat', Buffer.alloc(32))]);

/** A little-endian record of `size` bytes: each field is [offset, width in bytes (2 or 4), value]. */
function record(size: number, fields: Array<[number, 2 | 4, number]>): Buffer {
  const b = Buffer.alloc(size);
  for (const [at, width, value] of fields) (width === 2 ? b.writeUInt16LE(value, at) : b.writeUInt32LE(value, at));
  return b;
}

/** A ZIP file holding `entries` (name to text), deflated, with its central directory, as Office writes it. */
export function zipBytes(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const raw = Buffer.from(text);
    const data = deflateRawSync(raw);
    const fileName = Buffer.from(name);
    // version, deflate, crc, compressed and plain sizes, name length: the same fields in both headers
    const sizes = (at: number): Array<[number, 2 | 4, number]> => [[at, 4, crc32(raw)], [at + 4, 4, data.length], [at + 8, 4, raw.length], [at + 12, 2, fileName.length]];
    const local = record(30, [[0, 4, 0x04034b50], [4, 2, 20], [8, 2, 8], ...sizes(14)]);
    const central = record(46, [[0, 4, 0x02014b50], [4, 2, 20], [6, 2, 20], [10, 2, 8], ...sizes(16), [42, 4, offset]]);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const count = Object.keys(entries).length;
  const end = record(22, [[0, 4, 0x06054b50], [8, 2, count], [10, 2, count], [12, 4, directory.length], [16, 4, offset]]);
  return Buffer.concat([...locals, directory, end]);
}

/** `[Content_Types].xml` naming `mainType` for `partName`, as an Office document carries it. */
export const contentTypes = (partName: string, mainType: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`
  + `<Default Extension="xml" ContentType="application/xml"/><Override PartName="/${partName}" ContentType="${mainType}"/></Types>`;

/** Smallest valid files of each kind, as data URLs. */
export const files = {
  png: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  pdf: `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF').toString('base64')}`,
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
