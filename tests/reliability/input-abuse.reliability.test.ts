/**
 * Input abuse (issue 15, item 8) against the running server, as a signed-in member: every upload field of every
 * mutation (found in the introspected schema) given a wrong file behind a right name (HTML or an EXE labelled
 * JPEG/PNG, SVG with a script, a PNG that declares 50000×50000 pixels), 1 MB strings and control characters in
 * every text argument, HTML stored as text. Never a 500, nothing stored for a refused file (no row, no media
 * file), and the server stays healthy.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Client as PgClient } from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { client, signedUpClient, startApp, type App, type Client, ROOMY_WRITES } from '../support/app';
import {
  introspect,
  namedType,
  schemaWalker,
  stateDiff,
  tableState,
  type MutationField,
  type TypeRef,
} from '../support/schema-walk';

let app: App;
let pg: PgClient;
let member: Client;
let walker: ReturnType<typeof schemaWalker>;

beforeAll(async () => {
  app = await startApp({
    ADMIN_EMAILS: 'abuse.admin@example.test',
    RATE_SIGNUP_PER_IP: '1000',
    ...ROOMY_WRITES,
    RATE_UPLOADS_PER_HOUR: '100000',
  });
  pg = new PgClient({ connectionString: app.databaseUrl });
  await pg.connect();
  member = (await signedUpClient(app.url)).client;
  // The member's own page and listing, so that updates reach the file check instead of stopping at NOT_FOUND.
  const page = await member.graphql('mutation ($i: BusinessPageInput!) { createBusinessPage(input: $i) { id } }', {
    i: {
      name: 'Thandi se Koffie',
      category: 'Food & Drink',
      description: 'Coffee',
      address: '2 Long Street, Cape Town',
    },
  });
  const listing = await member.graphql('mutation ($i: ListingInput!) { createListing(input: $i) { id } }', {
    i: {
      name: 'Lamp',
      price: 10,
      condition: 'good',
      category: 'furniture',
      description: 'A lamp',
      locationName: 'Cape Town',
      latitude: -33.92,
      longitude: 18.42,
    },
  });
  // Songs go into a month's playlist, which an admin opens.
  const admin = (await signedUpClient(app.url, { email: 'abuse.admin@example.test' })).client;
  const now = new Date();
  const playlist = await admin.graphql(
    'mutation ($i: CreateNootPlaylistInput!) { createNootPlaylist(input: $i) { id } }',
    { i: { name: 'Abuse', month: now.getUTCMonth() + 1, year: now.getUTCFullYear() } },
  );
  own = {
    playlist: playlist.json.data?.createNootPlaylist.id,
    business: page.json.data?.createBusinessPage.id,
    listing: listing.json.data?.createListing.id,
  };
  // An unlocked vault, so that a vault document reaches its file check.
  await member.graphql('mutation { setVaultPassword(password: "vault password 1") }');
  await member.graphql('mutation { unlockVault(password: "vault password 1") }');
  walker = schemaWalker(await introspect(client(app.url)), (arg, mutation) => {
    const key = arg === 'id' ? mutation : arg;
    return (/business/i.test(key) && own.business) || (/listing/i.test(key) && own.listing) || randomUUID();
  });
});
afterAll(async () => {
  await pg?.end();
  await app?.stop();
});

const dataUrl = (mime: string, bytes: Buffer | string) =>
  `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

/** A PNG chunk with its length and CRC. */
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}
/** A valid-looking PNG of a few hundred bytes that declares `width`×`height` RGB pixels (a decompression bomb). */
function pngDeclaring(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  const rows = zlib.deflateSync(Buffer.alloc(64 * 1024)); // the start of the zeros it promises: 64 KB -> ~70 bytes
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const HTML =
  '<!doctype html><html><body><script>fetch("/api/auth/user").then(r=>r.text()).then(alert)</script></body></html>';
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect ' +
  'width="10" height="10"/></svg>';
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200),
]);

/** Wrong files behind right names. */
const BAD_FILES: Array<[string, string]> = [
  ['HTML named a JPEG', dataUrl('image/jpeg', HTML)],
  ['an EXE named a PNG', dataUrl('image/png', EXE)],
  ['SVG with a script', dataUrl('image/svg+xml', SVG)],
  ['SVG with a script named a PNG', dataUrl('image/png', SVG)],
  ['HTML named an MP4', dataUrl('video/mp4', HTML)],
  ['HTML named a PDF', dataUrl('application/pdf', HTML)],
  ['a PNG declaring 50000×50000 pixels', dataUrl('image/png', pngDeclaring(50_000, 50_000))],
  ['not a data URL at all', 'javascript:alert(1)'],
];

const where = { locationName: 'Cape Town', latitude: -33.92, longitude: 18.42 };
/**
 * Valid variables for the mutations that take files, but the file: the wrong file is then the only thing wrong and
 * must be what is refused. (A new upload mutation gets generated variables until it is given a base here.)
 */
const BASES: Record<string, (own: Record<string, string | undefined>) => Record<string, unknown>> = {
  createBusinessPage: () => ({
    input: { name: 'Koffie', category: 'Food & Drink', description: 'Coffee', address: '3 Long Street, Cape Town' },
  }),
  updateBusinessPage: (own) => ({ id: own.business, input: {} }),
  createEvent: () => ({
    input: {
      title: 'Braai',
      date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      location: 'Cape Town',
    },
  }),
  createGroup: () => ({ input: { name: 'Groep', description: 'A group', type: 'Braai', ...where } }),
  uploadNootSong: (own) => ({ input: { playlistId: own.playlist, title: 'Song', artist: 'Artist' } }),
  createListing: () => ({
    input: { name: 'Lamp', price: 10, condition: 'good', category: 'furniture', description: 'A lamp', ...where },
  }),
  updateListing: (own) => ({ id: own.listing, input: {} }),
  createPost: () => ({ input: { content: 'A post' } }),
  createRecipe: () => ({
    input: { recipeName: 'Bobotie', prepTime: '1 hour', servings: '4', ingredients: 'Mince', instructions: 'Bake' },
  }),
  uploadReel: () => ({ input: { title: 'Reel', caption: 'Caption' } }),
  setProfilePhoto: () => ({ kind: 'avatar' }),
  addVaultDocument: () => ({ input: { title: 'Passport' } }),
};
/** What a refusal of the file itself says. */
const FILE_REFUSAL = /image|video|movie|document|file|data URL|readable|PDF|song|audio|MP3|media/i;
let own: Record<string, string | undefined> = {};

const UPLOAD_NAME =
  /(image|images|photo|file|video|cover|song|avatar|thumbnail)(url)?$|^document(url)?$|^(image|file)$/i;

/** Paths (argument, then input field) to every String argument or input field of `field` whose name says "file". */
function leaves(field: MutationField, match: (name: string, ref: TypeRef) => boolean): string[][] {
  const out: string[][] = [];
  const walk = (name: string, ref: TypeRef, at: string[], depth: number) => {
    const named = walker.typeOf(namedType(ref).name);
    if (named.kind === 'INPUT_OBJECT' && depth < 2)
      for (const f of named.inputFields!) walk(f.name, f.type, [...at, f.name], depth + 1);
    else if (named.name === 'String' && match(name, ref)) out.push(at);
  };
  for (const a of field.args) walk(a.name, a.type, [a.name], 0);
  return out;
}
/** Sets `value` at `at` in variables (a list field gets a one-item list). */
function setAt(variables: Record<string, unknown>, at: string[], value: unknown, field: MutationField) {
  let node = variables as Record<string, any>;
  for (const key of at.slice(0, -1)) node = node[key] ??= {};
  const last = at[at.length - 1];
  const isList = JSON.stringify(walker.operationFor(field).variables).includes(`"${last}":[`);
  node[last] = isList ? [value] : value;
}

async function send(field: MutationField, variables: Record<string, unknown>) {
  const { query } = walker.operationFor(field);
  const res = await member.graphql(query, variables, { headers: { origin: app.url } });
  const error = res.json?.errors?.[0];
  return {
    field: error?.extensions?.field as string | undefined,
    status: res.status,
    code:
      (error?.extensions?.code as string | undefined) ??
      (res.json?.data?.[field.name] != null ? 'OK' : `HTTP ${res.status}`),
    message: error?.message as string | undefined,
  };
}

const mediaFiles = () => {
  const dir = path.join(app.dataDir, 'media');
  return fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile())
        .length
    : 0;
};

describe('files', () => {
  test('every upload field refuses a wrong file behind a right name, and stores nothing', async () => {
    const targets = walker
      .mutations()
      .flatMap((m) => leaves(m, (name) => UPLOAD_NAME.test(name)).map((at) => ({ m, at })));
    expect(targets.length, 'upload fields found').toBeGreaterThan(10);
    const before = await tableState(pg, /^(sessions|rate_limits|migrations)$/);
    const mediaBefore = mediaFiles();
    const outcomes: Record<string, number> = {};
    const failures: string[] = [];
    const elsewhere = new Set<string>();
    let byFileCheck = 0;
    for (const { m, at } of targets) {
      for (const [what, file] of BAD_FILES) {
        const variables = m.name in BASES ? structuredClone(BASES[m.name](own)) : walker.operationFor(m).variables;
        setAt(variables, at, file, m);
        const out = await send(m, variables);
        outcomes[out.code] = (outcomes[out.code] ?? 0) + 1;
        const aboutTheFile =
          ['BAD_USER_INPUT', 'PAYLOAD_TOO_LARGE'].includes(out.code) &&
          FILE_REFUSAL.test(`${out.field} ${out.message}`);
        if (aboutTheFile) byFileCheck += 1;
        else if (m.name in BASES)
          failures.push(
            `${m.name} ${at.join('.')} ← ${what}: refused for something else: ${out.code} ` +
              `on ${out.field}: ${out.message}`,
          );
        else elsewhere.add(`${m.name}.${at.join('.')} ${out.code} on ${out.field}: ${out.message}`);
        if (out.code === 'OK' || out.code === 'INTERNAL_SERVER_ERROR' || out.status >= 500)
          failures.push(`${m.name} ${at.join('.')} ← ${what}: ${out.code} ${out.message ?? ''}`);
      }
    }
    console.log(
      `input abuse: ${targets.length} upload fields × ${BAD_FILES.length} wrong files ` +
        `= ${targets.length * BAD_FILES.length} attacks: ${JSON.stringify(outcomes)}, ${byFileCheck} refused naming ` +
        `the file's field`,
    );
    console.log(`refused before the file was looked at: ${[...elsewhere].join('; ') || 'none'}`);
    console.log(`upload fields: ${targets.map((t) => `${t.m.name}.${t.at.join('.')}`).join(', ')}`);
    expect(failures).toEqual([]);
    expect(
      stateDiff(before, await tableState(pg, /^(sessions|rate_limits|migrations)$/)),
      'rows written for refused files',
    ).toEqual([]);
    expect(mediaFiles(), 'media files written for refused files').toBe(mediaBefore);
  });

  test('a decompression bomb is refused as an unreadable image, quickly, in a post and as a profile photo', async () => {
    const bomb = dataUrl('image/png', pngDeclaring(50_000, 50_000));
    expect(bomb.length).toBeLessThan(2_000);
    const started = Date.now();
    const post = await member.graphql('mutation ($i: CreatePostInput!) { createPost(input: $i) { id } }', {
      i: { content: 'bomb', images: [bomb] },
    });
    expect(post.json.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(post.json.errors[0].message).toMatch(/readable image/);
    const photo = await member.graphql('mutation ($f: String!) { setProfilePhoto(file: $f, kind: avatar) { id } }', {
      f: bomb,
    });
    expect(photo.json.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test('an image over its limit is refused (413 PAYLOAD_TOO_LARGE) from its length, before it is decoded', async () => {
    const huge = `data:image/jpeg;base64,${'A'.repeat(8 * 1024 * 1024)}`;
    const res = await member.graphql('mutation ($i: CreatePostInput!) { createPost(input: $i) { id } }', {
      i: { content: 'huge', images: [huge] },
    });
    expect(res.json.errors?.[0]?.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('text', () => {
  const TEXT_SKIP = /(^id$|Id$|ids$|url$|email|password|token|key|cursor|after|^kind$)/i;
  const textTargets = () =>
    walker
      .mutations()
      .flatMap((m) => leaves(m, (name) => !UPLOAD_NAME.test(name) && !TEXT_SKIP.test(name)).map((at) => ({ m, at })));

  test.each([
    ['1 MB strings', 'x'.repeat(1024 * 1024), false],
    ['control characters with NUL', 'a\u0000b\u0001\u001b[31mred\u001b[0m\u007f\u202eevil\u2028\ud800', true],
    ['control characters without NUL', 'a\u0001b\u0008\u001b[31mred\u001b[0m\u007f\u202eevil\u2028\ud800\r\n\t', true],
  ])('%s in every text argument of every mutation never answer a 500', async (_what, value, refusedByAll) => {
    const targets = textTargets();
    const failures: string[] = [];
    const outcomes: Record<string, number> = {};
    const accepted: string[] = [];
    const byMutation = new Map<MutationField, string[][]>();
    for (const { m, at } of targets) byMutation.set(m, [...(byMutation.get(m) ?? []), at]);
    for (const [m, paths] of byMutation) {
      const { variables } = walker.operationFor(m);
      for (const at of paths) setAt(variables, at, value, m);
      const out = await send(m, variables);
      outcomes[out.code] = (outcomes[out.code] ?? 0) + 1;
      if (out.code === 'OK') accepted.push(m.name);
      if (out.code === 'INTERNAL_SERVER_ERROR' || out.status >= 500)
        failures.push(
          `${m.name} (${paths.map((p) => p.join('.')).join(', ')}): ${out.status} ${out.code} ${out.message ?? ''}`,
        );
    }
    console.log(
      `input abuse, ${_what}: ${targets.length} text fields of ${byMutation.size} ` +
        `mutations: ${JSON.stringify(outcomes)}; accepted by ${accepted.join(', ') || 'none'}`,
    );
    expect(failures).toEqual([]);
    // Terminal escapes and other control characters are refused before any resolver runs (kernel/input.ts).
    if (refusedByAll) expect(accepted).toEqual([]);
    expect((await client(app.url).get('/healthz')).status).toBe(200);
  });

  test('HTML in a post, a comment and a name is stored and answered as the text it is', async () => {
    const html = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes" \'single\'';
    const post = await member.graphql('mutation ($i: CreatePostInput!) { createPost(input: $i) { id content } }', {
      i: { content: html },
    });
    expect(post.json.data.createPost.content).toBe(html);
    const comment = await member.graphql(
      'mutation ($p: ID!, $t: String!) { addComment(postId: $p, text: $t) { text } }',
      { p: post.json.data.createPost.id, t: html },
    );
    expect(comment.json.data.addComment.text).toBe(html);
    const name = await member.graphql(
      'mutation ($f: String!, $l: String!) { chooseName(firstName: $f, lastName: $l) { firstName } }',
      { f: '<b>Thandi</b>', l: '<i>N</i>' },
    );
    expect(name.json.errors?.[0]?.extensions?.code ?? name.json.data.chooseName.firstName).toMatch(
      /^(<b>Thandi<\/b>|BAD_USER_INPUT)$/,
    );
    const stored = await pg.query('SELECT content FROM posts WHERE id = $1', [post.json.data.createPost.id]);
    expect(stored.rows[0].content).toBe(html);
    // Over REST the answer is JSON, never HTML a browser would run.
    const rest = await member.get(`/api/posts/${post.json.data.createPost.id}`);
    if (rest.status === 200) {
      expect(rest.headers.get('content-type')).toMatch(/application\/json/);
      expect(rest.json.content).toBe(html);
    }
  });
});
