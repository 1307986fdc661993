/**
 * The media store in S3 mode (issue 15, item 6), against the stub S3 server of the tests (test/s3-stub.ts: SigV4
 * checked on every request, anonymous reads allowed on the public bucket only, as an operator might open it to a
 * CDN): uploads through the real GraphQL path land in the buckets, /media serves them as the disk store does, private
 * files stay in their own bucket where nothing unsigned reads them, and housekeeping and the data export work there.
 */
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaS3Config } from './config';
import { MEDIA_GRACE_MS, sweepMedia } from './db/housekeeping';
import { db } from './kernel/database';
import { MEDIA_CACHE_CONTROL, mediaKey, mediaStore, readPrivate, storeMedia } from './kernel/media';
import { s3MediaStore } from './kernel/media-s3';
import { settings, useSettings } from './kernel/settings';
import { createServer, type RunningServer } from './server';
import { buildJobVacancy, buildPost, buildSession, buildUser, TEST_PASSWORD } from './test/factories';
import { files, gql, silentLog, storedFiles, unzip } from './test/helpers';
import { startS3Stub, type S3Stub } from './test/s3-stub';

const PUBLIC = 'saffa-media';
const PRIVATE = 'saffa-private';
const S3_PORT = 39421;

let stub: S3Stub;
let s3: MediaS3Config;
let server: RunningServer;
let base: string;

beforeAll(async () => {
  stub = await startS3Stub({ buckets: [PUBLIC, PRIVATE], anonymousRead: [PUBLIC], port: S3_PORT });
  s3 = {
    endpoint: stub.endpoint,
    region: stub.region,
    bucket: PUBLIC,
    privateBucket: PRIVATE,
    credentials: { accessKeyId: stub.accessKeyId, secretAccessKey: stub.secretAccessKey },
    forcePathStyle: true,
  };
  // Uploads per member and the cost budget are not what this file is about.
  useSettings({
    ...settings(),
    mediaS3: s3,
    limits: { ...settings().limits, costCapacity: 100_000_000, uploadsPerHour: 10_000 },
  });
  server = await createServer({ ...settings(), webDist: path.join(__dirname, 'no-web-build-here') }, silentLog, {
    events: { state: () => 'listening', onReconnect: () => undefined },
  });
  await new Promise<void>((r) => server.httpServer.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await server?.close();
  await stub?.close();
});

const objects = (bucket: string) => stub.buckets.get(bucket)!;
/** A member with a session, and GraphQL over HTTP as the web app sends it. */
async function member() {
  const user = await buildUser();
  const { token } = await buildSession({ memberId: user.id });
  const cookie = `${settings().sessionCookieName}=${token}`;
  const graphql = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ query, variables }),
    });
    return res.json() as Promise<{ data?: any; errors?: unknown[] }>;
  };
  return { user, token, cookie, graphql, run: (q: string, v: Record<string, unknown> = {}) => gql(q, v, { token }) };
}
const CREATE_POST =
  `mutation($i: CreatePostInput!) { createPost(input: $i) { id images { url thumbnailUrl variants ` + `{ url } } } }`;

describe('the media store on S3', () => {
  it('is the store the settings name, and its start-up check finds both buckets (and says which one is wrong)', async () => {
    expect(mediaStore().kind).toBe('s3');
    await expect(mediaStore().check()).resolves.toBeUndefined();
    await expect(s3MediaStore({ ...s3, privateBucket: 'no-such-bucket' }).check()).rejects.toThrow(
      /bucket "no-such-bucket" .* does not exist/,
    );
    const wrongSecret = s3MediaStore({
      ...s3,
      credentials: { accessKeyId: stub.accessKeyId, secretAccessKey: 'not-the-secret' },
    });
    await expect(wrongSecret.check()).rejects.toThrow(/bucket "saffa-media" .* refuses these credentials/);
  });

  it('a post photo uploaded over /graphql lands in the media bucket, signed and without an ACL, and nothing on disk', async () => {
    const m = await member();
    const r = await m.graphql(CREATE_POST, { i: { content: 'Braai', images: [files.png] } });
    expect(r.errors).toBeUndefined();
    const [image] = r.data.createPost.images;
    const urls: string[] = [image.url, image.thumbnailUrl, ...image.variants.map((v: { url: string }) => v.url)].filter(
      Boolean,
    );
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      const key = mediaKey(url)!;
      expect(objects(PUBLIC).has(key), url).toBe(true);
      expect(objects(PUBLIC).get(key)!.acl).toBeUndefined();
      expect(objects(PRIVATE).has(key)).toBe(false);
      expect(
        stub.requests.filter((q) => q.method === 'PUT' && q.key === key).map((q) => [q.bucket, q.signed, q.status]),
      ).toEqual([[PUBLIC, true, 200]]);
    }
    expect(storedFiles()).toBe(0);
  });

  it('serves it at its /media URL with the headers of the disk store: type by extension, nosniff, sandbox CSP, cache policy, ranges, validators', async () => {
    const m = await member();
    const r = await m.graphql(CREATE_POST, { i: { images: [files.png] } });
    const url: string = r.data.createPost.images[0].url;
    const stored = objects(PUBLIC).get(mediaKey(url)!)!.body;
    const ext = path.extname(url).slice(1);
    const res = await fetch(`${base}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif' }[ext],
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    expect(res.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe(String(stored.length));
    expect(Buffer.from(await res.arrayBuffer())).toEqual(stored);
    const etag = res.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(res.headers.get('last-modified')).toBeTruthy();

    const part = await fetch(`${base}${url}`, { headers: { range: 'bytes=2-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 2-9/${stored.length}`);
    expect(part.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(stored.subarray(2, 10));
    const beyond = await fetch(`${base}${url}`, { headers: { range: `bytes=${stored.length + 10}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${stored.length}`);
    expect((await fetch(`${base}${url}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const head = await fetch(`${base}${url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(stored.length));

    // An HTML file stays inert: its own type, the sandbox CSP, nosniff.
    const html = await storeMedia(Buffer.from('<script>alert(1)</script>'), { folder: 'documents', ext: 'html' });
    const page = await fetch(`${base}${html}`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/sandbox/);

    const gone = await fetch(`${base}/media/images/00000000-0000-4000-8000-000000000000.png`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).toBe('no-store');
  });

  it('deleting the post removes its objects from the bucket, and /media answers 404', async () => {
    const m = await member();
    const r = await m.graphql(CREATE_POST, { i: { images: [files.png] } });
    const image = r.data.createPost.images[0];
    const urls: string[] = [image.url, image.thumbnailUrl, ...image.variants.map((v: { url: string }) => v.url)].filter(
      Boolean,
    );
    expect(
      (await m.graphql(`mutation($id: ID!) { deletePost(id: $id) }`, { id: r.data.createPost.id })).errors,
    ).toBeUndefined();
    for (const url of urls) {
      expect(objects(PUBLIC).has(mediaKey(url)!), url).toBe(false);
      expect((await fetch(`${base}${url}`)).status).toBe(404);
    }
  });

  it('CVs and vault documents go to the private bucket, without an ACL; nothing unsigned reads them there, and /media never reaches them', async () => {
    const applicant = await member();
    const vacancy = await buildJobVacancy({ posterId: (await buildUser()).id });
    const applied = await applicant.graphql(`mutation($i: ApplyForJobInput!) { applyForJob(input: $i) { id } }`, {
      i: {
        vacancyId: vacancy.id,
        fullName: 'Thandi Nkosi',
        email: 'thandi@example.com',
        cvFileName: 'cv.pdf',
        cvFileData: files.pdf,
      },
    });
    expect(applied.errors).toBeUndefined();
    const [{ cv_key: cvKey }] = await db().query(`SELECT cv_key FROM job_applications WHERE id = $1`, [
      applied.data.applyForJob.id,
    ]);
    expect(
      (
        await applicant.graphql(`mutation($p: String!) { setVaultPassword(password: $p) { hasPassword } }`, {
          p: 'kruger park 1998',
        })
      ).errors,
    ).toBeUndefined();
    const doc = await applicant.graphql(`mutation($i: VaultDocumentInput!) { addVaultDocument(input: $i) { id } }`, {
      i: { documentType: 'passport', documentName: 'My passport', file: files.png },
    });
    expect(doc.errors).toBeUndefined();
    const [{ file_key: vaultKey }] = await db().query(`SELECT file_key FROM vault_documents WHERE id = $1`, [
      doc.data.addVaultDocument.id,
    ]);

    for (const key of [cvKey as string, vaultKey as string]) {
      expect(objects(PRIVATE).has(key), key).toBe(true);
      expect(objects(PRIVATE).get(key)!.acl, key).toBeUndefined();
      expect(objects(PUBLIC).has(key), key).toBe(false);
      // The bucket refuses an unsigned read (while the public bucket allows one: the stub models a bucket opened to a
      // CDN).
      expect((await fetch(`${stub.endpoint}/${PRIVATE}/${key}`)).status, key).toBe(403);
      // /media reads the public bucket only, whatever the path says.
      const before = stub.requests.length;
      for (const p of [
        `/media/${key}`,
        `/media/../${PRIVATE}/${key}`,
        `/media/%2e%2e/${PRIVATE}/${key}`,
        `/media/${PRIVATE}/${key}`,
        `/media/${encodeURIComponent(`../${PRIVATE}/${key}`)}`,
      ]) {
        expect((await fetch(`${base}${p}`)).status, p).toBe(404);
      }
      expect(stub.requests.slice(before).filter((q) => q.bucket !== PUBLIC)).toEqual([]);
    }
    // ...while the store itself, signed, reads them back; the applicant downloads the CV through its route.
    expect((await readPrivate(cvKey))?.toString()).toContain('%PDF-1.4');
    const cv = await fetch(`${base}/api/job-applications/${applied.data.applyForJob.id}/cv`, {
      headers: { cookie: applicant.cookie },
    });
    expect(cv.status).toBe(200);
    expect(Buffer.from(await cv.arrayBuffer())).toEqual(objects(PRIVATE).get(cvKey)!.body);
    // The public bucket's anonymous read works, so the 403 above is the private bucket's doing.
    const publicUrl = await storeMedia(Buffer.from('x'), { folder: 'images', ext: 'png' });
    expect((await fetch(`${stub.endpoint}/${PUBLIC}/${mediaKey(publicUrl)}`)).status).toBe(200);
  });

  it('the stub refuses unsigned writes and wrong signatures with 403', async () => {
    const key = 'images/00000000-0000-4000-8000-000000000001.png';
    expect((await fetch(`${stub.endpoint}/${PUBLIC}/${key}`, { method: 'PUT', body: 'x' })).status).toBe(403);
    expect((await fetch(`${stub.endpoint}/${PRIVATE}/${key}`, { method: 'PUT', body: 'x' })).status).toBe(403);
    const forged = {
      authorization:
        `AWS4-HMAC-SHA256 Credential=${stub.accessKeyId}/20260101/${stub.region}/s3/aws4_request, ` +
        `SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=${'0'.repeat(64)}`,
    };
    expect((await fetch(`${stub.endpoint}/${PRIVATE}/${key}`, { headers: forged })).status).toBe(403);
    const wrong = s3MediaStore({ ...s3, credentials: { accessKeyId: stub.accessKeyId, secretAccessKey: 'wrong' } });
    await expect(wrong.put('private', key, Buffer.from('x'))).rejects.toThrow();
    expect(objects(PRIVATE).has(key)).toBe(false);
  });

  it('housekeeping lists the bucket by LastModified (page after page) and sweeps orphans past the grace period, keeping referenced and fresh ones', async () => {
    const old = new Date(Date.now() - MEDIA_GRACE_MS - 60_000);
    const age = (url: string) => (objects(PUBLIC).get(mediaKey(url)!)!.lastModified = old);
    const orphan = await storeMedia(Buffer.from('orphan'), { folder: 'images', ext: 'jpg' });
    const fresh = await storeMedia(Buffer.from('fresh'), { folder: 'images', ext: 'jpg' });
    const kept = await storeMedia(Buffer.from('kept'), { folder: 'images', ext: 'jpg' });
    const video = await storeMedia(Buffer.from('video'), { folder: 'videos', ext: 'mp4' });
    [orphan, kept, video].forEach(age);
    await buildPost({ images: [{ url: kept, thumbnailUrl: null, width: 1, height: 1 }] as never });
    await buildPost({ videoUrl: video });
    // More orphans than one page of ListObjectsV2 (1000 keys) and one DeleteObjects (1000 keys) hold.
    const many = Array.from(
      { length: 1_100 },
      (_, i) => `thumbs/${String(i).padStart(8, '0')}-0000-4000-8000-000000000000.webp`,
    );
    for (const key of many) objects(PUBLIC).set(key, { body: Buffer.from('t'), lastModified: old, etag: '"t"' });
    // A key that is not the store's is never touched.
    objects(PUBLIC).set('README.txt', { body: Buffer.from('operator notes'), lastModified: old, etag: '"r"' });
    const lists = () =>
      stub.requests.filter((q) => q.method === 'GET' && q.key === '' && q.query.includes('list-type=2')).length;
    const listsBefore = lists();

    expect(await sweepMedia()).toBeGreaterThanOrEqual(1_101);
    expect(lists() - listsBefore).toBeGreaterThanOrEqual(2);
    expect(objects(PUBLIC).has(mediaKey(orphan)!)).toBe(false);
    expect(many.filter((k) => objects(PUBLIC).has(k))).toEqual([]);
    for (const url of [fresh, kept, video]) expect(objects(PUBLIC).has(mediaKey(url)!), url).toBe(true);
    expect(objects(PUBLIC).has('README.txt')).toBe(true);
  });

  it("the data export holds the member's files from both buckets, byte for byte", async () => {
    const m = await member();
    expect(
      (await m.run(`mutation($f: String!) { setProfilePhoto(kind: avatar, file: $f) { id } }`, { f: files.png }))
        .errors,
    ).toBeUndefined();
    const post = await m.run(CREATE_POST, { i: { content: 'My braai photo', images: [files.png] } });
    expect(post.errors).toBeUndefined();
    expect(
      (
        await m.run(`mutation($p: String!) { setVaultPassword(password: $p) { hasPassword } }`, {
          p: 'kruger park 1998',
        })
      ).errors,
    ).toBeUndefined();
    const doc = await m.run(`mutation($i: VaultDocumentInput!) { addVaultDocument(input: $i) { id } }`, {
      i: { documentType: 'passport', documentName: 'ID', file: files.png },
    });
    expect(doc.errors).toBeUndefined();

    const res = await fetch(`${base}/api/me/export`, {
      method: 'POST',
      headers: { cookie: m.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ password: TEST_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    const media = [...entries.keys()].filter((e) => e.startsWith('media/'));
    const privates = [...entries.keys()].filter((e) => e.startsWith('private/'));
    expect(media.length).toBeGreaterThanOrEqual(2); // the avatar and the post's photo, with their thumbnails
    // The vault document comes decrypted from the private bucket (the vault is unlocked in this session), never sealed.
    const vault = [...entries.keys()].filter((e) => e.startsWith('vault/'));
    expect(vault).toHaveLength(1);
    expect(entries.get(vault[0])).toEqual(Buffer.from(files.png.split(',')[1], 'base64'));
    expect(privates.filter((e) => e.startsWith('private/vault/'))).toEqual([]);
    for (const e of media) expect(entries.get(e), e).toEqual(objects(PUBLIC).get(e.slice('media/'.length))!.body);
    for (const e of privates) expect(entries.get(e), e).toEqual(objects(PRIVATE).get(e.slice('private/'.length))!.body);
    expect(media).toContain(post.data.createPost.images[0].url.slice(1));
  });
});
