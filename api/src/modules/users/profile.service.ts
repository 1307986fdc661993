import { requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput } from '../../kernel/errors';
import { text } from '../../kernel/input';
import type { Logger } from '../../kernel/logger';
import { deleteMedia } from '../../kernel/media';
import { limitUploads } from '../../kernel/rate-limit';
import { settings } from '../../kernel/settings';
import { checkUpload, storeUpload, storedUrls, type StoredUpload } from '../../kernel/upload';
import { outboundFetch } from '../../kernel/outbound';
import { countryCodeOf } from './profile.countries';
import { User, type ProfileMedia } from './user.entity';
import { checkName, users } from './user.service';

/** The limits of the Edit Profile dialog's free texts (characters, after trimming). */
export const PROFILE_LIMITS = { bio: 160, homeTown: 80 } as const;

export interface ProfileChanges {
  firstName?: string | null;
  lastName?: string | null;
  bio?: string | null;
  homeTown?: string | null;
  countryCode?: string | null;
}

/** A free text: undefined or null leaves it as it is, an empty one clears it, a longer one than `max` is refused. */
function optionalText(value: string | null | undefined, field: string, max: number): string | null | undefined {
  return value === undefined || value === null ? undefined : text(value, field, { max });
}

/** Changes the viewer's own profile (names, bio, home town, country); fields left out stay as they are. */
export async function updateProfile(viewer: Viewer | null, input: ProfileChanges): Promise<User> {
  const v = requireViewer(viewer);
  const patch: Partial<User> = {};
  if (input.firstName !== undefined && input.firstName !== null)
    patch.firstName = checkName(input.firstName, 'firstName');
  if (input.lastName !== undefined && input.lastName !== null) patch.lastName = checkName(input.lastName, 'lastName');
  const bio = optionalText(input.bio, 'bio', PROFILE_LIMITS.bio);
  if (bio !== undefined) patch.bio = bio;
  const homeTown = optionalText(input.homeTown, 'homeTown', PROFILE_LIMITS.homeTown);
  if (homeTown !== undefined) patch.homeTown = homeTown;
  if (input.countryCode !== undefined && input.countryCode !== null) {
    if (input.countryCode.trim() === '') patch.countryCode = null;
    else {
      const code = countryCodeOf(input.countryCode);
      if (!code) throw badInput('countryCode', 'must be an ISO 3166-1 alpha-2 country code');
      patch.countryCode = code;
    }
  }
  if (Object.keys(patch).length) await users().update({ id: v.id }, patch);
  return users().findOneByOrFail({ id: v.id });
}

export type ProfilePhotoKind = keyof ProfileMedia;

/** A photo's widest JPEG or PNG rendition, else its original: what a cover shows. */
export function widestRendition(
  variants: ReadonlyArray<{ url: string; width: number; mimeType: string }>,
  original: string,
): string {
  const wide = variants.filter((x) => x.mimeType !== 'image/webp').sort((a, b) => b.width - a.width)[0];
  return wide?.url ?? original;
}

/** The URL a photo shows at: the avatar small (its square thumbnail), the cover wide (its largest web rendition). */
function shownUrl(kind: ProfilePhotoKind, s: StoredUpload): string {
  if (kind === 'avatar') return s.thumbnailUrl ?? s.url;
  return widestRendition(s.image?.variants ?? [], s.url);
}

/**
 * Sets the viewer's avatar or cover photo from an image sent as a data URL: checked by its bytes (an image of at
 * most 5 MB), stored as clean renditions with a thumbnail; the files of the photo it replaces are removed.
 * The row is locked while it changes, so two uploads at once leave one photo and no orphan files.
 */
export async function setProfilePhoto(
  viewer: Viewer | null,
  kind: ProfilePhotoKind,
  file: string,
  log: Logger,
): Promise<User> {
  const v = requireViewer(viewer);
  if (kind !== 'avatar' && kind !== 'cover') throw badInput('kind', 'must be avatar or cover');
  const checked = await checkUpload(file, 'image', 'file');
  await limitUploads(v.id, 1);
  const stored = await storeUpload(checked);
  let replaced: string[] = [];
  try {
    await db().transaction(async (manager) => {
      const [row] = await manager.query(`SELECT profile_media AS media FROM users WHERE id = $1 FOR UPDATE`, [v.id]);
      const media: ProfileMedia = { avatar: [], cover: [], ...(row?.media ?? {}) };
      replaced = media[kind];
      const next = { ...media, [kind]: storedUrls(stored) };
      const column = kind === 'avatar' ? 'profileImageUrl' : 'coverImageUrl';
      await manager.getRepository(User).update({ id: v.id }, { [column]: shownUrl(kind, stored), profileMedia: next });
    });
  } catch (err) {
    await deleteMedia(storedUrls(stored));
    throw err;
  }
  await deleteMedia(replaced).catch((err) => log.warn({ err }, 'could not remove a replaced profile photo'));
  return users().findOneByOrFail({ id: v.id });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A country code from the lookup's answer: plain text, or JSON with countryCode, country_code or country. */
function codeFromAnswer(text: string): string | null {
  const plain = countryCodeOf(text);
  if (plain) return plain;
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    return countryCodeOf(json.countryCode) ?? countryCodeOf(json.country_code) ?? countryCodeOf(json.country);
  } catch {
    return null;
  }
}

/** The country of an IP address from COUNTRY_LOOKUP_URL, or null: unset, unreachable, slow or unclear. */
export async function lookupCountry(ip: string, log: Logger): Promise<string | null> {
  const { lookupUrl, lookupTimeoutMs } = settings().country;
  if (!lookupUrl || !ip) return null;
  try {
    // COUNTRY_LOOKUP_URL is the operator's: its origin may be on their network; a redirect elsewhere is checked.
    const res = await outboundFetch(lookupUrl.replaceAll('{ip}', encodeURIComponent(ip)), {
      headers: { accept: 'application/json, text/plain' },
      timeoutMs: lookupTimeoutMs,
      maxBytes: 4096,
      operatorConfigured: true,
    });
    if (!res.ok) return null;
    return codeFromAnswer(res.text());
  } catch (err) {
    log.info({ err: (err as Error).message }, 'country lookup failed: no flag');
    return null;
  }
}

/**
 * The member's country: the one they chose, else, for the member themself only, the one detected from their
 * requests (where they are now is theirs to share, by choosing it). Detection asks the IP lookup while the member
 * looks at their own profile, at most once a day, and stores the answer; a failed lookup keeps the last one.
 */
export function countryOf(user: User, viewer: Viewer | null, ip: string, log: Logger): Promise<string | null> {
  // The flag's code and image are asked for together: one lookup per member object (one per request).
  let answer = asked.get(user);
  if (!answer) asked.set(user, (answer = resolveCountry(user, viewer, ip, log)));
  return answer;
}

const asked = new WeakMap<User, Promise<string | null>>();

async function resolveCountry(user: User, viewer: Viewer | null, ip: string, log: Logger): Promise<string | null> {
  if (user.countryCode) return user.countryCode;
  if (!viewer || viewer.id !== user.id) return null;
  const due = !user.countryCheckedAt || Date.now() - user.countryCheckedAt.getTime() > DAY_MS;
  if (!due || !settings().country.lookupUrl) return user.detectedCountryCode ?? null;
  const code = (await lookupCountry(ip, log)) ?? user.detectedCountryCode ?? null;
  const checkedAt = new Date();
  await users().update({ id: user.id }, { detectedCountryCode: code, countryCheckedAt: checkedAt });
  user.detectedCountryCode = code;
  user.countryCheckedAt = checkedAt;
  return code;
}

/** The flag image of a country from FLAG_IMAGE_URL, or null when none is configured (the web shows an emoji). */
export function flagImageUrl(code: string | null): string | null {
  const template = settings().country.flagImageUrl;
  if (!code || !template) return null;
  return template.replaceAll('{code}', code.toLowerCase()).replaceAll('{CODE}', code);
}

/** Only the member themself sees the country they chose apart from the detected one (the dialog's value). */
export const chosenCountryOf = (viewer: Viewer | null, user: User) =>
  viewer && viewer.id === user.id ? user.countryCode : null;
