// The feed page's SQL, written once for the bench's baselines: the bare node:http + pg handler (bare-server.mjs)
// and the raw-SQL timing (feed.bench.ts) run these statements, and `feedBody` turns their rows into the exact bytes
// the GraphQL HomeFeed answer has (the bench compares them at start). Plain JavaScript so the bare handler runs as
// its own `node` process without a build step.
//
// The statements are the four the GraphQL feed runs after issue 8's data-path change: when the app's SQL changes,
// change them here (the byte check keeps the answer aligned; this file keeps the work aligned).
import { createHash } from 'node:crypto';

export const SESSION_COOKIE = 'saffa.sid';

/** (1) The session and its member in one statement. */
export const SESSION_SQL =
  `SELECT u.* FROM sessions s JOIN users u ON u.id = s.member_id WHERE s.token_hash = $1 AND ` + `s.expires_at > now()`;

const POST_COLUMNS =
  `id, author_id, content, images, video_url, document_url, document_name, document_type, ` +
  `location, latitude,
  longitude, created_at, updated_at`;
/** api/src/modules/blocks notBlockedSql: neither the viewer nor the member blocked the other. */
const notBlocked = (
  viewer,
  member,
) => `NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = ${viewer} AND ub.blocked_id = ${member})
  AND NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = ${member} AND ub.blocked_id = ${viewer})`;
/**
 * (2) The page, newest first, one more row than asked to tell whether more follows; keyset after a cursor; posts
 * of a member blocked either way left out ($2 the viewer).
 */
export const PAGE_SQL =
  `SELECT ${POST_COLUMNS} FROM posts WHERE ${notBlocked('$2', 'author_id')} ORDER BY ` +
  `created_at DESC, id DESC LIMIT $1`;
export const PAGE_AFTER_SQL =
  `SELECT ${POST_COLUMNS} FROM posts WHERE (created_at, id) < ($3, $4) ` +
  `AND ${notBlocked('$2', 'author_id')}
  ORDER BY created_at DESC, id DESC LIMIT $1`;
/** (3) The page's authors (every column: the app's loader serves any field of a member). */
export const AUTHORS_SQL = `SELECT * FROM users WHERE id = ANY($1::uuid[])`;
/** (4) Every count and the viewer's state for the page's posts, in one statement. */
export const COUNTS_SQL =
  `SELECT t.id,
  (SELECT coalesce(jsonb_object_agg(reaction_type, n), '{}') FROM
     (SELECT reaction_type, count(*)::int AS n FROM reactions x WHERE post_id = t.id ` +
  `AND ${notBlocked('$2', 'x.member_id')} GROUP BY 1) r) AS reactions,
  (SELECT reaction_type FROM reactions WHERE post_id = t.id AND member_id = $2) AS my_reaction,
  (SELECT count(*)::int FROM comments c WHERE c.post_id = t.id AND ${notBlocked('$2', 'c.author_id')}) AS comments,
  (SELECT count(*)::int FROM post_shares WHERE post_id = t.id) AS shares,
  (SELECT id FROM saved_checkins WHERE post_id = t.id AND member_id = $2) AS saved_checkin
FROM unnest($1::uuid[]) AS t(id)`;

export const hashToken = (token) => createHash('sha256').update(token).digest('hex');

/** The session cookie's value in a Cookie header, or null. */
export function sessionToken(cookieHeader) {
  for (const part of (cookieHeader ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === SESSION_COOKIE) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return null;
}

/** api/src/kernel/pagination.ts's cursor: base64url of "<ISO instant>|<id>". */
export const encodeCursor = (createdAt, id) => Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
export function decodeCursor(cursor) {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  return { createdAt: new Date(iso), id };
}

/**
 * Runs the page's statements on `db` (a pg Client or Pool): answers null when the token has no live session,
 * else the viewer, the page's rows, their authors by id and their counts by post id.
 */
export async function feedRows(db, token, first, after) {
  const viewer = (await db.query(SESSION_SQL, [hashToken(token)])).rows[0];
  if (!viewer) return null;
  let page;
  if (after) {
    const c = decodeCursor(after);
    page = await db.query(PAGE_AFTER_SQL, [first + 1, viewer.id, c.createdAt, c.id]);
  } else {
    page = await db.query(PAGE_SQL, [first + 1, viewer.id]);
  }
  const rows = page.rows.slice(0, first);
  const ids = rows.map((r) => r.id);
  const authorIds = [...new Set(rows.map((r) => r.author_id))];
  const [authors, counts] = await Promise.all([
    db.query(AUTHORS_SQL, [authorIds]),
    db.query(COUNTS_SQL, [ids, viewer.id]),
  ]);
  return {
    viewer,
    rows,
    hasNextPage: page.rows.length > first,
    authors: new Map(authors.rows.map((a) => [a.id, a])),
    counts: new Map(counts.rows.map((c) => [c.id, c])),
  };
}

const clean = (s) => (s ?? '').trim();
/** api/src/modules/users/user.rules.ts */
function displayName(u) {
  const first = clean(u.first_name);
  const last = clean(u.last_name);
  if (first && last) return `${first} ${last}`;
  return first || last || 'User';
}
function initials(u) {
  const first = clean(u.first_name);
  const last = clean(u.last_name);
  if (first && last) return (first[0] + last[0]).toUpperCase();
  return (first || last).slice(0, 2).toUpperCase() || 'U';
}

/** The HomeFeed answer (the web's document, __typename included) for `feedRows`' result, byte for byte. */
export function feedBody(r) {
  const nodes = r.rows.map((p) => {
    const a = r.authors.get(p.author_id);
    const c = r.counts.get(p.id);
    const reactions = c.reactions;
    const images = (p.images ?? []).map((i) => ({
      url: i.url,
      thumbnailUrl: i.thumbnailUrl ?? null,
      width: i.width ?? null,
      height: i.height ?? null,
      variants: (i.variants ?? []).map((v) => ({
        url: v.url,
        width: v.width,
        mimeType: v.mimeType,
        __typename: 'ImageVariant',
      })),
      __typename: 'PostImage',
    }));
    return {
      id: p.id,
      content: p.content,
      imageUrl: images[0]?.url ?? null,
      images,
      videoUrl: p.video_url,
      documentUrl: p.document_url,
      documentName: p.document_name,
      documentType: p.document_type,
      location: p.location,
      latitude: p.latitude,
      longitude: p.longitude,
      createdAt: p.created_at.toISOString(),
      updatedAt: p.updated_at.toISOString(),
      author: {
        id: a.id,
        displayName: displayName(a),
        initials: initials(a),
        profileImageUrl: a.profile_image_url,
        __typename: 'User',
      },
      reactionCounts: {
        lekker: reactions.lekker ?? 0,
        shocked: reactions.shocked ?? 0,
        sad: reactions.sad ?? 0,
        care: reactions.care ?? 0,
        angry: reactions.angry ?? 0,
        total: Object.values(reactions).reduce((s, n) => s + n, 0),
        __typename: 'ReactionCounts',
      },
      myReaction: c.my_reaction,
      commentCount: c.comments,
      shareCount: c.shares,
      savedCheckinId: c.saved_checkin,
      viewerCanEdit: r.viewer.id === p.author_id,
      viewerCanDelete: r.viewer.id === p.author_id || r.viewer.role === 'admin',
      __typename: 'Post',
    };
  });
  const last = r.rows[r.rows.length - 1];
  const pageInfo = {
    endCursor: last ? encodeCursor(last.created_at, last.id) : null,
    hasNextPage: r.hasNextPage,
    __typename: 'PageInfo',
  };
  return `${JSON.stringify({ data: { feed: { nodes, pageInfo, __typename: 'PostConnection' } } })}\n`;
}
