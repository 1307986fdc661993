import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, conflict, notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import { byIds } from '../../kernel/rows';
import { pageSize } from '../../kernel/pagination';
import { notify } from '../notifications/notification.service';
import { DatingAlias } from './dating-alias.entity';
import { DatingMatch } from './dating-match.entity';
import { REACTIONS, type DatingReactionKind } from './dating.options';
import { coarseDistanceKm, coarseDistanceSql } from './dating.position';
import {
  aliasVisibleSql,
  aliases,
  compatibility,
  hiddenFrom,
  matches,
  oneOf,
  requireAlias,
  tellLiked,
} from './dating.service';
import { withOther } from './dating-matches.service';

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
    if (!inserted.length) throw conflict('ALREADY_REACTED', ALREADY_REACTED);
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
