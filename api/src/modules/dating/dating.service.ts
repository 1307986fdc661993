import { requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, conflict, DomainError, notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import { byIds } from '../../kernel/rows';
import { deleteMedia } from '../../kernel/media';
import { keysetPage, pageSize, type Page } from '../../kernel/pagination';
import { count, limitUploads } from '../../kernel/rate-limit';
import { checkUpload, storeUpload, storedUrls, type CheckedUpload } from '../../kernel/upload';
import { suspendedSql } from '../blocks/block.service';
import { notify } from '../notifications/notification.service';
import { DatingAlias } from './dating-alias.entity';
import { DatingMatch } from './dating-match.entity';
import type { SaveDatingAliasInput } from './dating.inputs';
import {
  DEFAULT_RADIUS_KM,
  GENDERS,
  INTERESTED_IN,
  LOOKING_FOR,
  MAX_AGE,
  MAX_INTERESTS,
  MAX_PHOTOS,
  MAX_RADIUS_KM,
  MIN_AGE,
  MIN_RADIUS_KM,
  MOVES_PER_DAY,
  RADIUS_STEP_KM,
  REACTIONS,
  type DatingReactionKind,
} from './dating.options';
import { datingPolicy } from './dating.policy';
import { coarseDistanceKm, coarseDistanceSql, coarsePosition } from './dating.position';

/**
 * Blocks and aliases (finding 3 of issue 24). A block between two members' real accounts must not tell either of
 * them which alias is the other's: a block the viewer made changes nothing they see of aliases (their Discover,
 * their matches, the error codes of reacting), since they steer it and could test alias after alias. Only a block
 * the alias's owner made keeps that alias from the member they blocked (the blocked member cannot steer it).
 * Between aliases, safety works on aliases: unmatch, block an alias (`blockAlias`), report an alias.
 *
 * SQL: true unless the owner of the alias `aliasColumn`'s member (`ownerColumn`) blocked the member `viewerParam`,
 * or that alias blocked the alias `viewerAliasParam`, or its member is suspended (hidden like the rest of their
 * content until the suspension is lifted; nobody but an admin steers that).
 */
function aliasVisibleSql(
  viewerParam: string,
  viewerAliasParam: string,
  ownerColumn: string,
  aliasColumn: string,
): string {
  return (
    `(NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = ${ownerColumn} AND ub.blocked_id ` +
    `= ${viewerParam})
      AND NOT EXISTS (SELECT 1 FROM dating_reactions rb WHERE rb.from_alias_id = ${aliasColumn} AND rb.to_alias_id ` +
    `= ${viewerAliasParam} AND rb.kind = 'block')
      AND NOT ${suspendedSql(ownerColumn)})`
  );
}

/**
 * Whether `target` is kept from the viewer (`me`): its owner blocked the viewer's account, or it blocked the viewer's
 * alias.
 */
async function hiddenFrom(me: DatingAlias, target: DatingAlias): Promise<boolean> {
  const rows = (await db().query(
    `SELECT ${aliasVisibleSql('$1::uuid', '$2::uuid', '$3::uuid', '$4::uuid')} AS visible`,
    [me.memberId, me.id, target.memberId, target.id],
  )) as Array<{ visible: boolean }>;
  return !rows[0].visible;
}

export const aliases = () => db().getRepository(DatingAlias);
export const matches = () => db().getRepository(DatingMatch);

const text = (v: unknown, field: string, max: number, required: boolean): string => {
  if (v !== null && v !== undefined && typeof v !== 'string') throw badInput(field, 'must be text');
  const s = typeof v === 'string' ? v.trim() : '';
  if (required && !s) throw badInput(field, 'is required');
  if (s.length > max) throw badInput(field, `must be at most ${max} characters`);
  return s;
};

const oneOf = (v: unknown, field: string, options: readonly string[]): string => {
  const s = text(v, field, 20, true).toLowerCase();
  if (!options.includes(s)) throw badInput(field, `must be one of ${options.join(', ')}`);
  return s;
};

const ageOf = (v: number | null | undefined, field: string, fallback?: number): number => {
  if ((v === null || v === undefined) && fallback !== undefined) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < MIN_AGE || v > MAX_AGE)
    throw badInput(field, `must be a whole number from ${MIN_AGE} to ${MAX_AGE}`);
  return v;
};

export function radiusOf(v: number | null | undefined): number {
  if (v === null || v === undefined) return DEFAULT_RADIUS_KM;
  if (!Number.isInteger(v) || v < MIN_RADIUS_KM || v > MAX_RADIUS_KM || v % RADIUS_STEP_KM !== 0) {
    throw badInput('radiusKm', `must be ${MIN_RADIUS_KM} to ${MAX_RADIUS_KM} km in steps of ${RADIUS_STEP_KM}`);
  }
  return v;
}

/** Interests from the form's comma-separated text: trimmed, blanks dropped, each once (ignoring case). */
export function interestsOf(v: unknown): string[] {
  const all = text(v, 'interests', 1000, false)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const i of all) {
    if (i.length > 40) throw badInput('interests', 'each interest must be at most 40 characters');
    if (seen.has(i.toLowerCase())) continue;
    seen.add(i.toLowerCase());
    out.push(i);
  }
  if (out.length > MAX_INTERESTS) throw badInput('interests', `must be at most ${MAX_INTERESTS}`);
  return out;
}

/** Shared interests / all distinct interests of both (ignoring case), as a rounded percent; 0 when neither has any. */
export function compatibility(a: string[], b: string[]): number {
  const left = new Set(a.map((s) => s.toLowerCase()));
  const right = new Set(b.map((s) => s.toLowerCase()));
  const union = new Set([...left, ...right]);
  if (!union.size) return 0;
  const shared = [...left].filter((s) => right.has(s)).length;
  return Math.round((shared / union.size) * 100);
}

const coordinate = (v: number, field: string, limit: number): number => {
  if (typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) > limit)
    throw badInput(field, `must be between -${limit} and ${limit}`);
  return v;
};

/** The viewer's alias, or null when they have none yet. */
export async function myAlias(viewer: Viewer | null): Promise<DatingAlias | null> {
  const v = requireViewer(viewer);
  return aliases().findOneBy({ memberId: v.id });
}

export const NO_ALIAS_MESSAGE = 'Create your dating alias first.';
async function requireAlias(viewer: Viewer | null): Promise<DatingAlias> {
  const alias = await myAlias(viewer);
  if (!alias) throw new DomainError('FORBIDDEN', NO_ALIAS_MESSAGE);
  return alias;
}

/**
 * Creates the viewer's alias, or updates it. Photos: up to five, each a data URL of a new image (checked like every
 * image upload: real type from the bytes, 5 MB) or the URL of a photo the alias already has; photos left out are
 * deleted. A new alias is liked at once by every alias that likes newcomers (the demo's welcome).
 */
export async function saveAlias(viewer: Viewer | null, input: SaveDatingAliasInput): Promise<DatingAlias> {
  const v = requireViewer(viewer);
  const minAge = ageOf(input.minAge, 'minAge', MIN_AGE);
  const maxAge = ageOf(input.maxAge, 'maxAge', MAX_AGE);
  if (maxAge < minAge) throw badInput('maxAge', 'must be at least minAge');
  const row = {
    aliasName: text(input.aliasName, 'aliasName', 60, true),
    age: ageOf(input.age, 'age'),
    bio: text(input.bio, 'bio', 2000, true),
    interests: interestsOf(input.interests),
    lookingFor: oneOf(input.lookingFor, 'lookingFor', LOOKING_FOR),
    gender: oneOf(input.gender, 'gender', GENDERS),
    interestedIn: oneOf(input.interestedIn, 'interestedIn', INTERESTED_IN),
    minAge,
    maxAge,
    radiusKm: radiusOf(input.radiusKm),
    // Only the centre of the position's 5 km cell is ever stored (finding 1 of issue 24).
    ...coarsePosition(coordinate(input.latitude, 'latitude', 90), coordinate(input.longitude, 'longitude', 180)),
  };
  const existing = await aliases().findOneBy({ memberId: v.id });
  const photos = input.photos ?? existing?.photos ?? [];
  if (!Array.isArray(photos) || photos.length > MAX_PHOTOS) throw badInput('photos', `must be at most ${MAX_PHOTOS}`);
  const kept = new Map((existing?.photos ?? []).map((url, i) => [url, existing!.media[i] ?? [url]]));
  const checked: Array<CheckedUpload | string> = [];
  for (const p of photos) {
    if (typeof p === 'string' && p.startsWith('data:')) checked.push(await checkUpload(p, 'image', 'photos'));
    else if (typeof p === 'string' && kept.has(p)) checked.push(p);
    else throw badInput('photos', 'must be images (data URLs) or photos this alias already has');
  }
  // Moving to another cell lets a member measure Discover's distances from elsewhere: at most MOVES_PER_DAY moves a
  // day; beyond that the alias keeps its cell and the rest of the form is saved (the browser sends a position each
  // time).
  if (existing && (existing.latitude !== row.latitude || existing.longitude !== row.longitude)) {
    const moves = await count(`dating-move:${v.id}`, 24 * 60 * 60);
    if (moves.hits > MOVES_PER_DAY) Object.assign(row, { latitude: existing.latitude, longitude: existing.longitude });
  }
  const uploads = checked.filter((c): c is CheckedUpload => typeof c !== 'string');
  await limitUploads(v.id, uploads.length);
  const stored: string[][] = [];
  const photoUrls: string[] = [];
  const media: string[][] = [];
  try {
    for (const c of checked) {
      if (typeof c === 'string') {
        photoUrls.push(c);
        media.push(kept.get(c)!);
        continue;
      }
      const s = await storeUpload(c);
      stored.push(storedUrls(s));
      photoUrls.push(s.url);
      media.push(storedUrls(s));
    }
    if (existing) {
      await aliases().update({ id: existing.id }, { ...row, photos: photoUrls, media });
    } else {
      await aliases().insert({ ...row, memberId: v.id, photos: photoUrls, media });
    }
  } catch (err) {
    await deleteMedia(stored.flat());
    if ((err as { code?: string }).code === '23505') throw conflict('You already have a dating alias.');
    throw err;
  }
  if (existing) await deleteMedia(existing.media.filter((_, i) => !photoUrls.includes(existing.photos[i])).flat());
  const saved = await aliases().findOneByOrFail({ memberId: v.id });
  if (!existing) await welcome(saved);
  return saved;
}

/**
 * Every alias that likes newcomers likes the new alias (once, unless its owner blocked the newcomer), and its member is
 * told.
 */
async function welcome(alias: DatingAlias): Promise<void> {
  const liked = (await db().query(
    `INSERT INTO dating_reactions (from_alias_id, to_alias_id, kind)
     SELECT a.id, $1, 'like' FROM dating_aliases a WHERE a.likes_newcomers AND a.id <> $1
        AND NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = a.member_id AND ub.blocked_id = $2)
     ON CONFLICT DO NOTHING RETURNING from_alias_id AS "fromAliasId"`,
    [alias.id, alias.memberId],
  )) as Array<{ fromAliasId: string }>;
  for (const { fromAliasId } of liked) {
    const from = await aliases().findOneByOrFail({ id: fromAliasId });
    await tellLiked(alias, from, 'like');
  }
}

/** Tells the member behind `to` that an alias liked or winked at theirs: only aliases are named. */
function tellLiked(to: DatingAlias, from: DatingAlias, kind: DatingReactionKind) {
  return notify(to.memberId, {
    title: kind === 'wink' ? 'Someone winked at you' : 'Someone liked you',
    message: `${from.aliasName} ${kind === 'wink' ? 'winked at' : 'liked'} your dating alias ${to.aliasName}.`,
    link: '/dating',
  });
}

export interface DiscoverArgs {
  first?: number | null;
}

/**
 * Discover: aliases other than the viewer's that the viewer has not liked, winked at, passed or blocked, whose gender
 * is what the viewer is interested in ('everyone': all), whose age is in the viewer's range, who are within the
 * viewer's radius (earthdistance, in SQL) and not kept from the viewer (`aliasVisibleSql`: the viewer's own blocks
 * change nothing here); each with its compatibility and distance. Positions are cell centres; the distance is shown
 * in steps of 5 km and the list is sorted by that step, then by alias id (random, so it tells nothing more): first
 * an index walk nearest first finds how far a page reaches, then only the aliases within that step are sorted.
 */
export async function discover(viewer: Viewer | null, args: DiscoverArgs): Promise<DatingAlias[]> {
  const me = await requireAlias(viewer);
  const size = pageSize(args.first);
  const metres = 'earth_distance(ll_to_earth($2::float8, $3::float8), ll_to_earth(a.latitude, a.longitude))';
  const candidates = (within: string) => `FROM dating_aliases a
      WHERE a.id <> $1
        AND ($4 = 'everyone' OR a.gender = $4)
        AND a.age BETWEEN $5 AND $6
        AND earth_box(ll_to_earth($2::float8, $3::float8), ${within}) @> ll_to_earth(a.latitude, a.longitude)
        AND ${metres} <= ${within}
        AND NOT EXISTS (SELECT 1 FROM dating_reactions r WHERE r.from_alias_id = $1 AND r.to_alias_id = a.id)
        AND ${aliasVisibleSql('$8::uuid', '$1::uuid', 'a.member_id', 'a.id')}`;
  const params = [
    me.id,
    me.latitude,
    me.longitude,
    me.interestedIn,
    me.minAge,
    me.maxAge,
    me.radiusKm * 1000,
    me.memberId,
  ];
  const found = await db().transaction(async (m) => {
    // 1. How far the page reaches: the distance of the page's last alias nearest first, by the chord (`<->`), walking
    // the GiST expression index IDX_dating_aliases_point in that order inside the radius box (so it reads about a page
    // of rows however many aliases are within the radius; without bitmap scans, which would compute the distance of
    // every alias in the radius and sort them). Nothing of this order is shown.
    await m.query('SET LOCAL enable_bitmapscan = off');
    const nearest = (await m.query(
      `SELECT ${metres} AS metres ${candidates('$7::float8')} ORDER BY ll_to_earth(a.latitude, a.longitude) <-> ` +
        `ll_to_earth($2::float8, $3::float8) LIMIT $9`,
      [...params, size],
    )) as Array<{ metres: number }>;
    if (!nearest.length) return [];
    // 2. The page: every alias up to the last one's distance step (at least a page of them), sorted by what is shown.
    const reach =
      nearest.length < size
        ? me.radiusKm * 1000
        : Math.min(me.radiusKm * 1000, coarseDistanceKm(nearest[nearest.length - 1].metres) * 1000);
    await m.query('SET LOCAL enable_bitmapscan TO DEFAULT');
    return (await m.query(
      `SELECT a.id, ${metres} AS metres ${candidates('$7::float8')} ORDER BY ${coarseDistanceSql(metres)}, a.id ` +
        `LIMIT $9`,
      [...params.slice(0, 6), reach, me.memberId, size],
    )) as Array<{ id: string; metres: number }>;
  });
  if (!found.length) return [];
  const rows = new Map(
    (
      await byIds(
        DatingAlias,
        found.map((f) => f.id),
      )
    ).map((a) => [a.id, a]),
  );
  return found.flatMap(({ id, metres }) => {
    const a = rows.get(id);
    if (!a) return [];
    a.compatibility = compatibility(me.interests, a.interests);
    a.distanceKm = coarseDistanceKm(metres);
    return [a];
  });
}

export interface ReactionResult {
  kind: DatingReactionKind;
  match: DatingMatch | null;
}

export const ALREADY_REACTED = 'You have already responded to this alias.';

/**
 * Like, wink or pass, once per pair: a second one is CONFLICT (a unique index, so parallel clicks make one row).
 * A like or a wink (both say "interested") answering the other alias's like or wink makes a match, once per pair;
 * the pair is locked for the decision so two aliases liking each other at the same moment still match.
 * The liked member is told, naming only aliases; on a match both are.
 */
export async function react(viewer: Viewer | null, aliasId: string, kindIn: string): Promise<ReactionResult> {
  const kind = oneOf(kindIn, 'kind', REACTIONS) as DatingReactionKind;
  const me = await requireAlias(viewer);
  const id = checkUuid(aliasId, 'aliasId');
  if (id === me.id) throw badInput('aliasId', 'must be another alias');
  const target = await aliases().findOneBy({ id });
  // Not found: no such alias, or one kept from the viewer by its owner (a block the viewer made changes nothing here).
  if (!target || (await hiddenFrom(me, target))) throw notFound('Dating alias');
  const [first, second] = me.id < target.id ? [me.id, target.id] : [target.id, me.id];
  const matchId = await db().transaction(async (m) => {
    await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`dating:${first}:${second}`]);
    const inserted = (await m.query(
      `INSERT INTO dating_reactions (from_alias_id, to_alias_id, kind) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING ` +
        `RETURNING id`,
      [me.id, target.id, kind],
    )) as unknown[];
    if (!inserted.length) throw conflict(ALREADY_REACTED);
    if (kind === 'pass') return null;
    const answered = (await m.query(
      `SELECT 1 FROM dating_reactions WHERE from_alias_id = $1 AND to_alias_id = $2 AND kind IN ('like', 'wink')`,
      [target.id, me.id],
    )) as unknown[];
    if (!answered.length) return null;
    const made = (await m.query(
      `INSERT INTO dating_matches (first_alias_id, second_alias_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING ` +
        `id`,
      [first, second],
    )) as Array<{ id: string }>;
    return made[0]?.id ?? null;
  });
  if (kind === 'pass') return { kind, match: null };
  await tellLiked(target, me, kind);
  if (!matchId) return { kind, match: null };
  const match = await matches().findOneByOrFail({ id: matchId });
  for (const [to, other] of [
    [target, me],
    [me, target],
  ] as const) {
    await notify(to.memberId, {
      title: "It's a Match!",
      message: `You and ${other.aliasName} like each other.`,
      link: '/dating?tab=matches',
    });
  }
  return { kind, match: withOther(match, me.id) };
}

/** The match as one side sees it: `otherAliasId` is the other side's alias. */
function withOther(match: DatingMatch, myAliasId: string): DatingMatch {
  match.otherAliasId = match.firstAliasId === myAliasId ? match.secondAliasId : match.firstAliasId;
  return match;
}

/**
 * The viewer's matches, newest first: not the ended ones (unmatched, or a block between the aliases), nor one whose
 * other alias is kept from the viewer by its owner (`aliasVisibleSql`; the viewer's own blocks change nothing).
 */
export async function myMatches(
  viewer: Viewer | null,
  args: { first?: number | null; after?: string | null },
): Promise<Page<DatingMatch>> {
  const me = await myAlias(viewer);
  if (!me) return { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } };
  const page = await keysetPage(
    matches()
      .createQueryBuilder('m')
      .where('(m.first_alias_id = :me OR m.second_alias_id = :me)', { me: me.id })
      .andWhere('m.ended_at IS NULL')
      .andWhere(
        `NOT EXISTS (SELECT 1 FROM dating_aliases o WHERE o.id IN (m.first_alias_id, m.second_alias_id) AND o.id <> ` +
          `:me AND NOT ${aliasVisibleSql(':viewerId', ':me', 'o.member_id', 'o.id')})`,
        { viewerId: me.memberId },
      ),
    'm',
    args,
  );
  page.nodes.forEach((n) => withOther(n, me.id));
  return page;
}

/** The viewer's match of this id (as they see it), NOT_FOUND when there is none or they are not in it. */
async function matchOf(me: DatingAlias, matchId: string): Promise<DatingMatch> {
  const match = await matches().findOneBy({ id: checkUuid(matchId, 'matchId') });
  if (!match || !datingPolicy.isInMatch(me.id, match)) throw notFound('Dating match');
  return withOther(match, me.id);
}

/**
 * Unmatch: ends the match for both sides (it leaves both lists, and its chat takes no new message: `assertChatOpen`).
 * Either side may; ending an ended match changes nothing. The two aliases keep their reactions, so they do not
 * meet again in Discover nor match again.
 */
export async function unmatch(viewer: Viewer | null, matchId: string): Promise<DatingMatch> {
  const me = await requireAlias(viewer);
  const match = await matchOf(me, matchId);
  if (match.endedAt) return match;
  await db().query(`UPDATE dating_matches SET ended_at = now() WHERE id = $1 AND ended_at IS NULL`, [match.id]);
  return matchOf(me, match.id);
}

/**
 * Blocks another alias: it never appears to the viewer again (a 'block' reaction from the viewer's alias replaces any
 * like, wink or pass, so no match can form), the viewer's alias no longer appears to it (`aliasVisibleSql`), and a
 * match between the two ends, closing its chat for both. Nothing of the members behind the aliases is involved.
 */
export async function blockAlias(viewer: Viewer | null, aliasId: string): Promise<boolean> {
  const me = await requireAlias(viewer);
  const id = checkUuid(aliasId, 'aliasId');
  if (id === me.id) throw badInput('aliasId', 'must be another alias');
  const target = await aliases().findOneBy({ id });
  if (!target) throw notFound('Dating alias');
  const [first, second] = me.id < target.id ? [me.id, target.id] : [target.id, me.id];
  await db().transaction(async (m) => {
    await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`dating:${first}:${second}`]);
    await m.query(
      `INSERT INTO dating_reactions (from_alias_id, to_alias_id, kind) VALUES ($1, $2, 'block')
       ON CONFLICT (from_alias_id, to_alias_id) DO UPDATE SET kind = 'block'`,
      [me.id, target.id],
    );
    await m.query(
      `UPDATE dating_matches SET ended_at = now() WHERE first_alias_id = $1 AND second_alias_id = $2 AND ended_at IS ` +
        `NULL`,
      [first, second],
    );
  });
  return true;
}
