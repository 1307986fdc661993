import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { mp4Bytes, mvhd, webmBytes } from '../../kernel/upload.fixtures';
import { buildReel, buildReelLike, buildUser } from '../../test/factories';
import { codeOf, countQueries, files, gql, mediaFile, storedFiles } from '../../test/helpers';
import { ReelLike } from './reel-like.entity';
import { Reel } from './reel.entity';

const FIELDS = 'id title caption thumbnailUrl imageUrl videoUrl likeCount viewerLiked viewerCanDelete author { id }';
const UPLOAD = `mutation($input: UploadReelInput!) { uploadReel(input: $input) { ${FIELDS} } }`;
const REELS =
  `query($first: Int, $after: String) { reels(first: $first, after: $after) { nodes { ${FIELDS} } ` +
  `pageInfo { endCursor hasNextPage } } }`;
const REELS_BY = `query($authorId: ID!) { reelsBy(authorId: $authorId) { nodes { id } } }`;
const LIKE = `mutation($id: ID!) { likeReel(id: $id) { likeCount viewerLiked } }`;
const UNLIKE = `mutation($id: ID!) { unlikeReel(id: $id) { likeCount viewerLiked } }`;
const DELETE = `mutation($id: ID!) { deleteReel(id: $id) }`;

const dataUrl = (mime: string, b: Buffer) => `data:${mime};base64,${b.toString('base64')}`;
const countReels = () => db().getRepository(Reel).count();

describe('reels', () => {
  it('requires authentication for every operation', async () => {
    const reel = await buildReel();
    expect(codeOf(await gql(REELS))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(UPLOAD, { input: { title: 'x' } }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(LIKE, { id: reel.id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(DELETE, { id: reel.id }))).toBe('UNAUTHENTICATED');
  });

  it('uploads a video reel with a trimmed title and caption, newest first in the list and under its author', async () => {
    const u = await buildUser();
    const r = await gql(UPLOAD, { input: { title: '  Braai  ', caption: ' lekker ', file: files.mp4 } }, { as: u });
    expect(r.errors).toBeUndefined();
    const reel = r.data.uploadReel;
    expect(reel).toMatchObject({
      title: 'Braai',
      caption: 'lekker',
      imageUrl: null,
      likeCount: 0,
      viewerLiked: false,
      viewerCanDelete: true,
      author: { id: u.id },
    });
    expect(reel.videoUrl).toMatch(/^\/media\/videos\/.+\.mp4$/);
    expect(fs.existsSync(mediaFile(reel.videoUrl))).toBe(true);
    expect((await gql(REELS, { first: 1 }, { as: u })).data.reels.nodes[0].id).toBe(reel.id);
    expect((await gql(REELS_BY, { authorId: u.id }, { as: u })).data.reelsBy.nodes).toEqual([{ id: reel.id }]);
  });

  it('uploads an image reel with a thumbnail, and a reel without a file', async () => {
    const u = await buildUser();
    const image = (await gql(UPLOAD, { input: { title: 'Sunset', file: files.png } }, { as: u })).data.uploadReel;
    expect(image.imageUrl).toMatch(/^\/media\//);
    expect(image.thumbnailUrl).toMatch(/^\/media\//);
    expect(image.videoUrl).toBeNull();
    const bare = (await gql(UPLOAD, { input: { title: 'Words only' } }, { as: u })).data.uploadReel;
    expect(bare).toMatchObject({ title: 'Words only', caption: null, videoUrl: null, imageUrl: null });
  });

  it('requires a title (blank after trimming is refused) and keeps nothing', async () => {
    const u = await buildUser();
    const before = await countReels();
    const files0 = storedFiles();
    for (const title of [undefined, '', '   ']) {
      const r = await gql(UPLOAD, { input: { title, file: files.mp4 } }, { as: u });
      expect(codeOf(r)).toBe('BAD_USER_INPUT');
      expect(r.errors![0].message).toContain('Please enter a title for your reel.');
    }
    expect(codeOf(await gql(UPLOAD, { input: { title: 'x'.repeat(101) } }, { as: u }))).toBe('BAD_USER_INPUT');
    expect(await countReels()).toBe(before);
    expect(storedFiles()).toBe(files0);
  });

  it('checks the file by its bytes: wrong types and oversize files are refused, nothing stored', async () => {
    const u = await buildUser();
    const before = storedFiles();
    const wrong = await gql(UPLOAD, { input: { title: 't', file: files.fakePng } }, { as: u });
    expect(codeOf(wrong)).toBe('BAD_USER_INPUT');
    expect(wrong.errors![0].message).toMatch(/must be a video .* or an image/);
    expect(codeOf(await gql(UPLOAD, { input: { title: 't', file: files.pdf } }, { as: u }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(UPLOAD, { input: { title: 't', file: 'not a data url' } }, { as: u }))).toBe(
      'BAD_USER_INPUT',
    );
    const bigImage = await gql(UPLOAD, { input: { title: 't', file: files.sized(5 * 1024 * 1024 + 1) } }, { as: u });
    expect(codeOf(bigImage)).toBe('PAYLOAD_TOO_LARGE');
    expect(bigImage.errors![0].message).toBe('Please select an image smaller than 5MB.');
    const bigVideo = dataUrl('video/mp4', Buffer.concat([mp4Bytes(), Buffer.alloc(50 * 1024 * 1024)]));
    const tooBig = await gql(UPLOAD, { input: { title: 't', file: bigVideo } }, { as: u });
    expect(codeOf(tooBig)).toBe('PAYLOAD_TOO_LARGE');
    expect(tooBig.errors![0].message).toBe('Please select a video smaller than 50MB.');
    expect(storedFiles()).toBe(before);
  });

  it('refuses a video whose container states more than 30 seconds, and accepts 30 seconds or an unreadable length', async () => {
    const u = await buildUser();
    const long = await gql(
      UPLOAD,
      { input: { title: 'long', file: dataUrl('video/mp4', mp4Bytes('isom', mvhd(1000, 31_000))) } },
      { as: u },
    );
    expect(codeOf(long)).toBe('BAD_USER_INPUT');
    expect(long.errors![0].message).toBe('file is 31 seconds long; a reel may be at most 30 seconds');
    const longWebm = await gql(
      UPLOAD,
      { input: { title: 'long', file: dataUrl('video/webm', webmBytes(45)) } },
      { as: u },
    );
    expect(codeOf(longWebm)).toBe('BAD_USER_INPUT');
    const ok = await gql(
      UPLOAD,
      { input: { title: 'ok', file: dataUrl('video/mp4', mp4Bytes('isom', mvhd(600, 18_000))) } },
      { as: u },
    );
    expect(ok.errors).toBeUndefined();
    const webm = await gql(
      UPLOAD,
      { input: { title: 'webm', file: dataUrl('video/webm', webmBytes(null)) } },
      { as: u },
    );
    expect(webm.errors).toBeUndefined();
    expect(webm.data.uploadReel.videoUrl).toMatch(/\.webm$/);
  });

  it('likes once per member: like and unlike are idempotent, 50 likes at once make one row', async () => {
    const [u, other] = await Promise.all([buildUser(), buildUser()]);
    const reel = await buildReel({ authorId: u.id });
    expect((await gql(LIKE, { id: reel.id }, { as: u })).data.likeReel).toEqual({ likeCount: 1, viewerLiked: true });
    expect((await gql(LIKE, { id: reel.id }, { as: u })).data.likeReel).toEqual({ likeCount: 1, viewerLiked: true });
    const burst = await Promise.all(Array.from({ length: 50 }, () => gql(LIKE, { id: reel.id }, { as: other })));
    expect(burst.filter((r) => r.errors)).toEqual([]);
    expect(await db().getRepository(ReelLike).countBy({ reelId: reel.id, memberId: other.id })).toBe(1);
    expect((await gql(UNLIKE, { id: reel.id }, { as: other })).data.unlikeReel).toEqual({
      likeCount: 1,
      viewerLiked: false,
    });
    expect((await gql(UNLIKE, { id: reel.id }, { as: other })).data.unlikeReel).toEqual({
      likeCount: 1,
      viewerLiked: false,
    });
    expect(codeOf(await gql(LIKE, { id: randomUUID() }, { as: u }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(LIKE, { id: 'nope' }, { as: u }))).toBe('BAD_USER_INPUT');
  });

  it('lets only the author delete a reel, and removes its files', async () => {
    const [u, other] = await Promise.all([buildUser(), buildUser()]);
    const reel = (await gql(UPLOAD, { input: { title: 'mine', file: files.png } }, { as: u })).data.uploadReel;
    const stored = (await db().getRepository(Reel).findOneByOrFail({ id: reel.id })).files;
    expect(stored.length).toBeGreaterThan(1);
    expect(stored.every((url) => fs.existsSync(mediaFile(url)))).toBe(true);
    expect(
      (await gql(REELS, {}, { as: other })).data.reels.nodes.find((n: { id: string }) => n.id === reel.id)
        .viewerCanDelete,
    ).toBe(false);
    expect(codeOf(await gql(DELETE, { id: reel.id }, { as: other }))).toBe('FORBIDDEN');
    expect((await gql(DELETE, { id: reel.id }, { as: u })).data.deleteReel).toBe(reel.id);
    expect(await db().getRepository(Reel).countBy({ id: reel.id })).toBe(0);
    expect(stored.some((url) => fs.existsSync(mediaFile(url)))).toBe(false);
    expect(codeOf(await gql(DELETE, { id: reel.id }, { as: u }))).toBe('NOT_FOUND');
  });

  it('pages with a cursor and resolves a page in a fixed number of SQL statements, whatever its size', async () => {
    const [u, other] = await Promise.all([buildUser(), buildUser()]);
    for (let i = 0; i < 24; i++) {
      const reel = await buildReel({ authorId: i % 2 ? u.id : other.id });
      if (i % 3 === 0) await buildReelLike({ reelId: reel.id, memberId: u.id });
    }
    const first = (await gql(REELS, { first: 5 }, { as: u })).data.reels;
    const second = (await gql(REELS, { first: 5, after: first.pageInfo.endCursor }, { as: u })).data.reels;
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(second.nodes.map((n: { id: string }) => n.id)).not.toContain(first.nodes[0].id);
    const small = await countQueries(() => gql(REELS, { first: 2 }, { as: u }));
    const large = await countQueries(() => gql(REELS, { first: 20 }, { as: u }));
    expect(large.result.errors).toBeUndefined();
    expect(large.queries.length).toBe(small.queries.length);
  });
});
