import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { settings, useSettings } from '../../kernel/settings';
import { buildComment, buildPost, buildReaction, buildShare, buildUser } from '../../test/factories';
import { codeOf, countQueries, files, gql, mediaFile, storedFiles } from '../../test/helpers';
import { Role } from '../users/user.entity';
import { Post } from './post.entity';

const CREATE =
  `mutation($input: CreatePostInput!) { createPost(input: $input) {
  id content imageUrl images { url thumbnailUrl } videoUrl documentUrl documentName documentType location latitude ` +
  `longitude
  author { id } commentCount shareCount reactionCounts { total } myReaction viewerCanEdit } }`;
const FEED =
  `query($first: Int, $after: String) { feed(first: $first, after: $after) {
  nodes { id content author { displayName } reactionCounts { lekker total } myReaction commentCount shareCount ` +
  `savedCheckinId viewerCanEdit }
  pageInfo { endCursor hasNextPage } } }`;
const countPosts = () => db().getRepository(Post).count();

describe('posts', () => {
  it('requires authentication', async () => {
    expect(codeOf(await gql(FEED))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(CREATE, { input: { content: 'hi' } }))).toBe('UNAUTHENTICATED');
  });

  it('creates a text post that tops the feed', async () => {
    const u = await buildUser();
    const r = await gql(CREATE, { input: { content: '  Howzit!  ' } }, { as: u });
    expect(r.errors).toBeUndefined();
    expect(r.data.createPost).toMatchObject({
      content: 'Howzit!',
      author: { id: u.id },
      commentCount: 0,
      shareCount: 0,
      viewerCanEdit: true,
    });
    const feed = await gql(FEED, { first: 1 }, { as: u });
    expect(feed.data.feed.nodes[0].id).toBe(r.data.createPost.id);
  });

  it('stores photos by their bytes, with thumbnails, served from /media', async () => {
    const u = await buildUser();
    const r = await gql(CREATE, { input: { images: [files.png, files.png] } }, { as: u });
    expect(r.errors).toBeUndefined();
    const post = r.data.createPost;
    expect(post.images).toHaveLength(2);
    expect(post.imageUrl).toBe(post.images[0].url);
    expect(post.images[0].url).toMatch(/^\/media\/images\/.+\.png$/);
    expect(post.images[0].thumbnailUrl).toMatch(/^\/media\/thumbs\/.+\.jpg$/);
    expect(fs.existsSync(mediaFile(post.images[0].url))).toBe(true);
  });

  describe('responsive photos', () => {
    const PHOTOS =
      `mutation($input: CreatePostInput!) { createPost(input: $input) { images { url thumbnailUrl width ` +
      `height variants { url width height mimeType } } } }`;
    const photo = async (width: number, height: number, format: 'jpeg' | 'png', orientation?: number) => {
      let img = sharp({ create: { width, height, channels: 3, background: '#1e7b4f' } })[format]();
      if (orientation) img = img.withMetadata({ orientation });
      return `data:image/${format};base64,${(await img.toBuffer()).toString('base64')}`;
    };
    type Variant = { url: string; width: number; height: number; mimeType: string };
    const fileSize = async (v: Variant) => {
      const m = await sharp(mediaFile(v.url)).metadata();
      return { width: m.width, height: m.height, mimeType: `image/${m.format === 'jpeg' ? 'jpeg' : m.format}` };
    };

    it('keeps the aspect ratio and offers 480 and 1080 wide in WebP and JPEG, stored as said', async () => {
      const u = await buildUser();
      const r = await gql(PHOTOS, { input: { images: [await photo(1600, 1000, 'jpeg')] } }, { as: u });
      expect(r.errors).toBeUndefined();
      const [image] = r.data.createPost.images;
      expect(image).toMatchObject({ width: 1600, height: 1000 });
      expect(image.variants.map((v: Variant) => [v.width, v.height, v.mimeType])).toEqual([
        [480, 300, 'image/webp'],
        [480, 300, 'image/jpeg'],
        [1080, 675, 'image/webp'],
        [1080, 675, 'image/jpeg'],
      ]);
      for (const v of image.variants)
        expect(await fileSize(v)).toEqual({ width: v.width, height: v.height, mimeType: v.mimeType });
      expect((await sharp(mediaFile(image.url)).metadata()).width).toBe(1600); // the original keeps its full size
    });

    it('strips EXIF (GPS, author), XMP and IPTC from every stored file, the original too, keeping it upright', async () => {
      const u = await buildUser();
      const xmp =
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Jane ' +
        'Victim</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>';
      const sent = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#1e7b4f' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .withExif({
          IFD0: { Artist: 'Jane Victim', Copyright: 'Jane Victim' },
          IFD3: {
            GPSLatitudeRef: 'S',
            GPSLatitude: '33/1 57/1 36/1',
            GPSLongitudeRef: 'E',
            GPSLongitude: '18/1 24/1 36/1',
          },
        })
        .withXmp(xmp)
        .toBuffer();
      const before = await sharp(sent).metadata();
      expect(before.exif && before.xmp && sent.includes('Jane Victim')).toBeTruthy(); // the attack carries the data
      const r = await gql(
        PHOTOS,
        { input: { images: [`data:image/jpeg;base64,${sent.toString('base64')}`] } },
        { as: u },
      );
      expect(r.errors).toBeUndefined();
      const [image] = r.data.createPost.images;
      for (const url of [image.url, image.thumbnailUrl, ...image.variants.map((v: Variant) => v.url)]) {
        const stored = fs.readFileSync(mediaFile(url));
        const m = await sharp(stored).metadata();
        expect({ url, exif: !!m.exif, xmp: !!m.xmp, iptc: !!m.iptc, author: stored.includes('Jane Victim') }).toEqual({
          url,
          exif: false,
          xmp: false,
          iptc: false,
          author: false,
        });
        expect(m.orientation ?? 1).toBe(1);
      }
      expect(await sharp(mediaFile(image.url)).metadata()).toMatchObject({ width: 600, height: 800 }); // turned upright
    });

    it('never upscales: a small photo gets its own width only, a PNG keeps a PNG fallback', async () => {
      const u = await buildUser();
      const r = await gql(
        PHOTOS,
        { input: { images: [await photo(300, 450, 'png'), await photo(700, 350, 'png')] } },
        { as: u },
      );
      const [small, medium] = r.data.createPost.images;
      expect(small.variants.map((v: Variant) => [v.width, v.height, v.mimeType])).toEqual([
        [300, 450, 'image/webp'],
        [300, 450, 'image/png'],
      ]);
      expect(medium.variants.map((v: Variant) => [v.width, v.height])).toEqual([
        [480, 240],
        [480, 240],
        [700, 350],
        [700, 350],
      ]);
    });

    it('gives the upright size of a photo turned by its EXIF orientation', async () => {
      const u = await buildUser();
      const r = await gql(PHOTOS, { input: { images: [await photo(800, 600, 'jpeg', 6)] } }, { as: u });
      const [image] = r.data.createPost.images;
      expect(image).toMatchObject({ width: 600, height: 800 });
      expect(await fileSize(image.variants[0])).toEqual({ width: 480, height: 640, mimeType: 'image/webp' });
    });

    it('reads photos stored before variants existed as having none', async () => {
      const post = await buildPost({
        images: [{ url: '/media/images/old.jpg', thumbnailUrl: '/media/thumbs/old.jpg' } as never],
      });
      const r = await gql(
        `query($id: ID!) { post(id: $id) { images { url width height variants { url } } } }`,
        { id: post.id },
        { as: await buildUser() },
      );
      expect(r.data.post.images).toEqual([{ url: '/media/images/old.jpg', width: null, height: null, variants: [] }]);
    });
  });

  it('stores a document with its real type and the given name', async () => {
    const u = await buildUser();
    const r = await gql(
      CREATE,
      { input: { documentUrl: files.pdf, documentName: 'CV.pdf', documentType: 'exe' } },
      { as: u },
    );
    expect(r.data.createPost).toMatchObject({ documentName: 'CV.pdf', documentType: 'pdf' });
  });

  it('names a document by its detected type, not by the extension it was sent with (issue 24, item 13)', async () => {
    const u = await buildUser();
    const r = await gql(
      CREATE,
      { input: { documentUrl: files.pdf, documentName: 'report.html', documentType: 'html' } },
      { as: u },
    );
    expect(r.data.createPost).toMatchObject({ documentName: 'report.pdf', documentType: 'pdf' });
    expect(r.data.createPost.documentUrl).toMatch(/\.pdf$/);
  });

  it('stores a check-in with a place and coordinates', async () => {
    const u = await buildUser();
    const r = await gql(
      CREATE,
      { input: { location: 'Table Mountain', latitude: -33.96, longitude: 18.41, checkinPhoto: files.png } },
      { as: u },
    );
    expect(r.data.createPost).toMatchObject({ location: 'Table Mountain', latitude: -33.96, longitude: 18.41 });
    expect(r.data.createPost.images).toHaveLength(1);
  });

  it.each([
    [{}, 'BAD_USER_INPUT', /needs text/],
    [{ content: '   ' }, 'BAD_USER_INPUT', /needs text/],
    [{ content: 'x'.repeat(5001) }, 'BAD_USER_INPUT', /content/],
    [{ imageUrl: files.fakePng }, 'BAD_USER_INPUT', /image must be an image/],
    [{ imageUrl: 'https://example.com/a.png' }, 'BAD_USER_INPUT', /data URL/],
    [{ documentUrl: files.png }, 'BAD_USER_INPUT', /Please select a PDF, Excel, PowerPoint, or Word document/],
    [{ videoUrl: files.pdf }, 'BAD_USER_INPUT', /video must be a video/],
    [{ imageUrl: files.sized(5 * 1024 * 1024 + 1) }, 'PAYLOAD_TOO_LARGE', /smaller than 5MB/],
    [
      { documentUrl: files.sized(10 * 1024 * 1024 + 10, Buffer.from('%PDF-')) },
      'PAYLOAD_TOO_LARGE',
      /smaller than 10MB/,
    ],
    [{ images: [files.png], videoUrl: files.mp4 }, 'BAD_USER_INPUT', /not several kinds/],
    [{ latitude: -33.9, longitude: 18.4 }, 'BAD_USER_INPUT', /location is required/],
    [{ location: 'X', latitude: 91, longitude: 18.4 }, 'BAD_USER_INPUT', /latitude/],
    [{ location: 'X', latitude: 10 }, 'BAD_USER_INPUT', /together/],
  ])('refuses bad input %# and writes nothing', async (input, code, message) => {
    const u = await buildUser();
    const before = await countPosts();
    const r = await gql(CREATE, { input }, { as: u });
    expect(codeOf(r)).toBe(code);
    expect(r.errors![0].message).toMatch(message);
    expect(await countPosts()).toBe(before);
  });

  it('accepts a video by its bytes', async () => {
    const u = await buildUser();
    const r = await gql(CREATE, { input: { videoUrl: files.mp4 } }, { as: u });
    expect(r.data.createPost.videoUrl).toMatch(/\.mp4$/);
  });

  it('lets only the author edit; the text may not become blank', async () => {
    const author = await buildUser();
    const other = await buildUser();
    const post = await buildPost({ authorId: author.id, content: 'first' });
    const edit = (as: typeof author, content: string) =>
      gql(
        `mutation($id: ID!, $c: String!) { updatePost(id: $id, content: $c) { content } }`,
        { id: post.id, c: content },
        { as },
      );
    expect(codeOf(await edit(other, 'hacked'))).toBe('FORBIDDEN');
    expect(codeOf(await edit(author, '  '))).toBe('BAD_USER_INPUT');
    expect((await edit(author, 'second')).data.updatePost.content).toBe('second');
    expect((await db().getRepository(Post).findOneByOrFail({ id: post.id })).content).toBe('second');
  });

  it('lets the author or an admin delete, nobody else', async () => {
    const author = await buildUser();
    const other = await buildUser();
    const admin = await buildUser({ role: Role.admin });
    const del = (as: typeof author, id: string) => gql(`mutation($id: ID!) { deletePost(id: $id) }`, { id }, { as });
    const a = await buildPost({ authorId: author.id });
    const b = await buildPost({ authorId: author.id });
    expect(codeOf(await del(other, a.id))).toBe('FORBIDDEN');
    expect(await db().getRepository(Post).existsBy({ id: a.id })).toBe(true);
    expect((await del(author, a.id)).data.deletePost).toBe(a.id);
    expect((await del(admin, b.id)).data.deletePost).toBe(b.id);
    expect(codeOf(await del(author, a.id))).toBe('NOT_FOUND');
    expect(codeOf(await del(author, 'nope'))).toBe('BAD_USER_INPUT');
  });

  it('pages the feed by keyset without gaps or repeats', async () => {
    const u = await buildUser();
    for (let i = 0; i < 7; i++) await buildPost({ authorId: u.id });
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 50; page++) {
      const r: any = await gql(FEED, { first: 3, after }, { as: u });
      seen.push(...r.data.feed.nodes.map((n: { id: string }) => n.id));
      if (!r.data.feed.pageInfo.hasNextPage) break;
      after = r.data.feed.pageInfo.endCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(await countPosts());
    expect(codeOf(await gql(FEED, { first: 101 }, { as: u }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(FEED, { first: 5, after: 'garbage' }, { as: u }))).toBe('BAD_USER_INPUT');
  });

  it('resolves a feed page in a fixed number of SQL statements, whatever its size', async () => {
    const authors = await Promise.all([buildUser(), buildUser(), buildUser()]);
    for (let i = 0; i < 24; i++) {
      const p = await buildPost({ authorId: authors[i % 3].id });
      await buildReaction({ postId: p.id, memberId: authors[(i + 1) % 3].id });
      await buildComment({ postId: p.id, authorId: authors[(i + 2) % 3].id });
      await buildShare({ postId: p.id, memberId: authors[(i + 1) % 3].id });
    }
    const viewer = authors[0];
    const small = await countQueries(() => gql(FEED, { first: 4 }, { as: viewer }));
    const large = await countQueries(() => gql(FEED, { first: 20 }, { as: viewer }));
    expect(small.result.errors).toBeUndefined();
    expect(large.result.data.feed.nodes).toHaveLength(20);
    if (process.env.PRINT_SQL)
      console.log(`feed page SQL statements: ${small.queries.length} for 4 posts, ${large.queries.length} for 20`);
    expect(large.queries.length).toBe(small.queries.length);
    // The page, its authors, and every count and the viewer's state in one statement (the session is counted on
    // the HTTP path in sql-budget.test.ts).
    expect(large.queries.length).toBeLessThanOrEqual(3);
  });

  it('counts a share once per member and post, also when sent 50 times at once', async () => {
    const [u, other] = await Promise.all([buildUser(), buildUser()]);
    const p = await buildPost({ authorId: u.id });
    const share = (target: string, as = u) =>
      gql(
        `mutation($id: ID!, $t: ShareTarget!) { sharePost(id: $id, target: $t) { shareCount } }`,
        { id: p.id, t: target },
        { as },
      );
    expect((await share('link')).data.sharePost.shareCount).toBe(1);
    expect((await share('messaging')).data.sharePost.shareCount).toBe(1); // the same member again
    const burst = await Promise.all(Array.from({ length: 50 }, () => share('social', other)));
    expect(burst.filter((r) => r.errors)).toEqual([]);
    expect(await db().query('SELECT count(*)::int AS n FROM post_shares WHERE post_id = $1', [p.id])).toEqual([
      { n: 2 },
    ]);
    // An unknown target is refused by the schema itself (Apollo answers BAD_USER_INPUT, REST 400), and so is
    // the photo network: its button only shows a notice, it shares nothing.
    expect((await share('carrier-pigeon')).errors![0].message).toMatch(/ShareTarget/);
    expect((await share('photo', await buildUser())).errors![0].message).toMatch(/ShareTarget/);
  });

  it('counts every file against the upload limit and refuses a post that would pass it', async () => {
    const u = await buildUser();
    const prev = settings();
    useSettings({ ...prev, limits: { ...prev.limits, uploadsPerHour: 3 } });
    try {
      expect((await gql(CREATE, { input: { images: [files.png, files.png] } }, { as: u })).errors).toBeUndefined();
      const before = await countPosts();
      const r = await gql(CREATE, { input: { images: [files.png, files.png] } }, { as: u });
      expect(codeOf(r)).toBe('RATE_LIMITED');
      expect(await countPosts()).toBe(before);
    } finally {
      useSettings(prev);
    }
  });

  it('a post refused at its fifth photo stores no file and uses no upload credit', async () => {
    const u = await buildUser();
    const before = storedFiles();
    const r = await gql(
      CREATE,
      { input: { images: [files.png, files.png, files.png, files.png, files.fakePng, files.png] } },
      { as: u },
    );
    expect(codeOf(r)).toBe('BAD_USER_INPUT');
    expect(r.errors![0].message).toMatch(/images\[4\]/);
    expect(storedFiles()).toBe(before);
    expect(await db().query(`SELECT hits FROM rate_limits WHERE key = $1`, [`upload:${u.id}`])).toEqual([]);
  });

  it('removes the files of a post that cannot be written', async () => {
    const u = await buildUser();
    const before = storedFiles();
    await db().query(`ALTER TABLE posts ADD CONSTRAINT test_no_posts CHECK (false) NOT VALID`);
    try {
      const r = await gql(CREATE, { input: { images: [files.png, files.png] } }, { as: u });
      expect(r.errors).toBeDefined();
    } finally {
      await db().query(`ALTER TABLE posts DROP CONSTRAINT test_no_posts`);
    }
    expect(storedFiles()).toBe(before);
  });

  it('deletes the files of a deleted post: photo, thumbnail and every variant', async () => {
    const u = await buildUser();
    const r = await gql(
      `mutation($input: CreatePostInput!) { createPost(input: $input) { id images { url thumbnailUrl variants { url ` +
        `} } } }`,
      { input: { images: [files.png] } },
      { as: u },
    );
    const [image] = r.data.createPost.images;
    const urls: string[] = [image.url, image.thumbnailUrl, ...image.variants.map((v: { url: string }) => v.url)];
    expect(urls.length).toBeGreaterThan(2);
    expect(urls.every((url) => fs.existsSync(mediaFile(url)))).toBe(true);
    const d = await gql(`mutation($id: ID!) { deletePost(id: $id) }`, { id: r.data.createPost.id }, { as: u });
    expect(d.errors).toBeUndefined();
    expect(urls.filter((url) => fs.existsSync(mediaFile(url)))).toEqual([]);
  });

  describe('idempotency keys', () => {
    const CREATE_ONCE =
      `mutation($input: CreatePostInput!, $key: String) { createPost(input: $input, ` +
      `idempotencyKey: $key) { id images { url variants { url } } } }`;
    const postsOf = (authorId: string) => db().getRepository(Post).countBy({ authorId });

    it('a retry with the same key answers the first post and creates nothing more', async () => {
      const u = await buildUser();
      const first = await gql(
        CREATE_ONCE,
        { input: { content: 'Once', images: [files.png] }, key: 'retry-1' },
        { as: u },
      );
      expect(first.errors).toBeUndefined();
      const filesBefore = storedFiles();
      const retry = await gql(
        CREATE_ONCE,
        { input: { content: 'Once', images: [files.png] }, key: 'retry-1' },
        { as: u },
      );
      expect(retry.data.createPost).toEqual(first.data.createPost);
      expect(await postsOf(u.id)).toBe(1);
      expect(storedFiles()).toBe(filesBefore);
      // Another key, or no key, is another post; the same key of another member is theirs alone.
      expect(
        (await gql(CREATE_ONCE, { input: { content: 'Twice' }, key: 'retry-2' }, { as: u })).data.createPost.id,
      ).not.toBe(first.data.createPost.id);
      const other = await buildUser();
      expect(
        (await gql(CREATE_ONCE, { input: { content: 'Mine' }, key: 'retry-1' }, { as: other })).data.createPost.id,
      ).not.toBe(first.data.createPost.id);
      expect(await postsOf(u.id)).toBe(2);
    });

    it('20 concurrent requests with one key make one post, all answered with it, and leave no stray files', async () => {
      const u = await buildUser();
      const before = storedFiles();
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          gql(CREATE_ONCE, { input: { content: 'Race', images: [files.png] }, key: 'race' }, { as: u }),
        ),
      );
      expect(results.filter((r) => r.errors).map((r) => r.errors![0].message)).toEqual([]);
      expect(new Set(results.map((r) => r.data.createPost.id)).size).toBe(1);
      expect(await postsOf(u.id)).toBe(1);
      const [image] = results[0].data.createPost.images;
      expect(storedFiles() - before).toBe(2 + image.variants.length); // one photo's original, thumbnail and variants
      expect(fs.existsSync(mediaFile(image.url))).toBe(true);
    });

    it('refuses a key that is empty, too long or not visible ASCII', async () => {
      const u = await buildUser();
      for (const key of ['', 'x'.repeat(201), 'spaced key', 'ключ']) {
        expect(codeOf(await gql(CREATE_ONCE, { input: { content: 'k' }, key }, { as: u }))).toBe('BAD_USER_INPUT');
      }
      expect(await postsOf(u.id)).toBe(0);
    });
  });

  it('answers null for a post that is gone', async () => {
    const u = await buildUser();
    const r = await gql(`query { post(id: "00000000-0000-4000-8000-000000000000") { id } }`, {}, { as: u });
    expect(r.data.post).toBeNull();
  });
});
