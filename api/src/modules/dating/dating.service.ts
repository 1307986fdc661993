import { authorize, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, conflict } from '../../kernel/errors';
import { option, position, text } from '../../kernel/input';
import { deleteMedia } from '../../kernel/media';
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
  type DatingReactionKind,
} from './dating.options';
import { datingPolicy } from './dating.policy';
import { coarsePosition } from './dating.position';

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
export function aliasVisibleSql(
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
export async function hiddenFrom(me: DatingAlias, target: DatingAlias): Promise<boolean> {
  const rows = (await db().query(
    `SELECT ${aliasVisibleSql('$1::uuid', '$2::uuid', '$3::uuid', '$4::uuid')} AS visible`,
    [me.memberId, me.id, target.memberId, target.id],
  )) as Array<{ visible: boolean }>;
  return !rows[0].visible;
}

export const aliases = () => db().getRepository(DatingAlias);
export const matches = () => db().getRepository(DatingMatch);

/** One of the lower-case `options`, given in any case; required. */
export const oneOf = (v: unknown, field: string, options: readonly string[]): string => {
  const given = text(v, field, { max: 20, required: true });
  return option(given.toLowerCase(), field, options)!;
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
  const all = (text(v, 'interests', { max: 1000 }) ?? '')
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

/** The viewer's alias, or null when they have none yet. */
export async function myAlias(viewer: Viewer | null): Promise<DatingAlias | null> {
  const v = requireViewer(viewer);
  return aliases().findOneBy({ memberId: v.id });
}

export const NO_ALIAS_MESSAGE = 'Create your dating alias first.';
export async function requireAlias(viewer: Viewer | null): Promise<DatingAlias> {
  const alias = await myAlias(viewer);
  authorize(datingPolicy.hasAlias(alias), NO_ALIAS_MESSAGE);
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
  const at = position(input.latitude, input.longitude);
  const row = {
    aliasName: text(input.aliasName, 'aliasName', { max: 60, required: true }),
    age: ageOf(input.age, 'age'),
    bio: text(input.bio, 'bio', { max: 2000, required: true }),
    interests: interestsOf(input.interests),
    lookingFor: oneOf(input.lookingFor, 'lookingFor', LOOKING_FOR),
    gender: oneOf(input.gender, 'gender', GENDERS),
    interestedIn: oneOf(input.interestedIn, 'interestedIn', INTERESTED_IN),
    minAge,
    maxAge,
    radiusKm: radiusOf(input.radiusKm),
    // Only the centre of the position's 5 km cell is ever stored (finding 1 of issue 24).
    ...coarsePosition(at.latitude, at.longitude),
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
    if ((err as { code?: string }).code === '23505') throw conflict('ALIAS_EXISTS', 'You already have a dating alias.');
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
export function tellLiked(to: DatingAlias, from: DatingAlias, kind: DatingReactionKind) {
  return notify(to.memberId, {
    title: kind === 'wink' ? 'Someone winked at you' : 'Someone liked you',
    message: `${from.aliasName} ${kind === 'wink' ? 'winked at' : 'liked'} your dating alias ${to.aliasName}.`,
    link: '/dating',
  });
}
