import { authorize, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, conflict, DomainError, notFound } from '../../kernel/errors';
import { checkUuid, UUID } from '../../kernel/ids';
import { optionalPosition, text, url } from '../../kernel/input';
import type { Logger } from '../../kernel/logger';
import { deleteMedia } from '../../kernel/media';
import { limitUploads } from '../../kernel/rate-limit';
import { checkUpload, storeUpload, storedUrls, type CheckedUpload, type StoredUpload } from '../../kernel/upload';
import { geocodeAddress } from '../places/place.service';
import { Business, DEFAULT_GRADIENT, type BusinessMedia } from './business.entity';
import type { BusinessPageInput, BusinessStyleInput } from './business.inputs';
import { businessPolicy } from './business.policy';

export const businesses = () => db().getRepository(Business);

/** The directory's radius options in km (spec 001 sections 5 and 9). */
export const DIRECTORY_RADII_KM = [10, 50, 100, 200, 500, 1000] as const;

/** The six gradient border presets (spec 001 sections 4 and 9), as conic-gradient values. */
export const GRADIENT_PRESETS = [
  { name: 'Instagram', value: DEFAULT_GRADIENT },
  { name: 'Fire', value: 'conic-gradient(from 0deg, #ff0000, #ff7f00, #ffd700, #ff7f00, #ff0000)' },
  { name: 'Ocean', value: 'conic-gradient(from 0deg, #00c6ff, #0072ff, #00c6ff)' },
  { name: 'Sunset', value: 'conic-gradient(from 0deg, #ff7e5f, #feb47b, #ff6a88, #ff7e5f)' },
  { name: 'Forest', value: 'conic-gradient(from 0deg, #134e5e, #71b280, #134e5e)' },
  { name: 'Purple', value: 'conic-gradient(from 0deg, #8e2de2, #4a00e0, #8e2de2)' },
] as const;

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in business name and category';
export const RATING_REQUIRED_MESSAGE = 'Please select a star rating before submitting.';
export const ALREADY_FOLLOWING_MESSAGE = 'Already following this business';

const COLOR = /^#[0-9a-f]{6}$/i;
/** A gradient we can render and nothing else: `conic-gradient(from <0-360>deg, #rrggbb, ... )` with 2 to 8 stops. */
const GRADIENT = /^conic-gradient\(from (\d{1,3})deg(, #[0-9a-f]{6}){2,8}\)$/;
const PHONE = /^\+?[0-9 ()-]{3,40}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LIMITS = {
  name: 120,
  category: 80,
  description: 2000,
  address: 300,
  website: 300,
  email: 254,
  industry: 100,
  openHours: 200,
} as const;

/** Loads a page or answers NOT_FOUND (BAD_USER_INPUT for ids that are not UUIDs). */
export async function findBusiness(id: string): Promise<Business> {
  const business = await businesses().findOneBy({ id: checkUuid(id, 'id') });
  if (!business) throw notFound('Business page');
  return business;
}

export async function findBusinessOrNull(id: string): Promise<Business | null> {
  return UUID.test(id) ? businesses().findOneBy({ id }) : null;
}

/** The page with exactly this name (names are unique and case-insensitive), for `/business?company={name}`. */
export function businessByName(name: string): Promise<Business | null> {
  const n = name.trim();
  return n && n.length <= LIMITS.name ? businesses().findOneBy({ name: n }) : Promise.resolve(null);
}

// ---------------------------------------------------------------------------------------------- field checks

const present = (v: unknown): v is string => typeof v === 'string';

/**
 * An optional text field: undefined stays undefined (keep), '' or null becomes null (clear), else trimmed and bounded.
 */
function optionalText(value: string | null | undefined, field: keyof typeof LIMITS): string | null | undefined {
  return value === undefined ? undefined : text(value, field, { max: LIMITS[field] });
}

const checkWebsite = (value: string | null | undefined) =>
  value === undefined ? undefined : url(value, 'website', { max: LIMITS.website });

function checkPhone(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const t = (value ?? '').trim();
  if (!t) return null;
  if (!PHONE.test(t) || !/\d/.test(t)) throw badInput('phone', 'must be a phone number (digits, spaces, + - ( ))');
  return t;
}

function checkEmail(value: string | null | undefined): string | null | undefined {
  const t = optionalText(value, 'email');
  if (t && !EMAIL.test(t)) throw badInput('email', 'must be an e-mail address');
  return t;
}

export function checkColor(value: unknown, field: string): string {
  if (typeof value !== 'string' || !COLOR.test(value.trim())) throw badInput(field, 'must be a colour like #1877f2');
  return value.trim().toLowerCase();
}

/** A preset's value, or a conic-gradient of the strict pattern: never arbitrary CSS. */
export function checkGradient(value: unknown): string {
  const v = typeof value === 'string' ? value.trim().toLowerCase().replace(/\s+/g, ' ') : '';
  const preset = GRADIENT_PRESETS.find((p) => p.value === v);
  if (preset) return preset.value;
  const m = GRADIENT.exec(v);
  if (!m || Number(m[1]) > 360)
    throw badInput('gradientBorder', 'must be one of the presets or conic-gradient(from Ndeg, #rrggbb, ...)');
  return v;
}

const requiredFields = () =>
  new DomainError('BAD_USER_INPUT', REQUIRED_FIELDS_MESSAGE, { field: 'name', reason: 'REQUIRED_FIELDS' });

/** What to do with an image field: keep what is stored, remove it, or store a checked new file. */
type ImageChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'new'; checked: CheckedUpload };

async function imageChange(
  value: string | null | undefined,
  current: string | null,
  field: string,
): Promise<ImageChange> {
  if (value === undefined || (current !== null && value === current)) return { kind: 'keep' };
  if (value === null || value.trim() === '') return { kind: current ? 'remove' : 'keep' };
  return { kind: 'new', checked: await checkUpload(value, 'image', field) };
}

interface CheckedPage {
  fields: Partial<Business>;
  logo: ImageChange;
  cover: ImageChange;
}

/** Checks every field (and every file, by its bytes) of a create or an update before anything is stored. */
async function checkPage(input: BusinessPageInput, current: Business | null, log: Logger): Promise<CheckedPage> {
  const fields: Partial<Business> = {};
  const creating = current === null;
  for (const key of ['name', 'category'] as const) {
    const v = input[key];
    if (v === undefined && !creating) continue;
    if (!present(v) || !v.trim()) throw requiredFields();
    fields[key] = optionalText(v, key)!;
  }
  const texts = {
    description: input.description,
    address: input.address,
    industry: input.industry,
    openHours: input.openHours,
  } as const;
  for (const [key, v] of Object.entries(texts) as Array<[keyof typeof texts, string | null | undefined]>) {
    const t = optionalText(v, key);
    if (t !== undefined) fields[key] = t;
  }
  const phone = checkPhone(input.phone);
  if (phone !== undefined) fields.phone = phone;
  const website = checkWebsite(input.website);
  if (website !== undefined) fields.website = website;
  const email = checkEmail(input.email);
  if (email !== undefined) fields.email = email;
  if (input.buttonColor != null) fields.buttonColor = checkColor(input.buttonColor, 'buttonColor');
  if (input.buttonTextColor != null) fields.buttonTextColor = checkColor(input.buttonTextColor, 'buttonTextColor');
  if (input.gradientBorder != null) fields.gradientBorder = checkGradient(input.gradientBorder);

  const logo = await imageChange(input.imageUrl, current?.imageUrl ?? null, 'imageUrl');
  const cover = await imageChange(input.coverPhotoUrl, current?.coverPhotoUrl ?? null, 'coverPhotoUrl');

  // Coordinates: the member's position when given; else the typed address through the geocoder (when it is new).
  const coords = optionalPosition(input.latitude, input.longitude);
  if (coords) Object.assign(fields, coords);
  else if (fields.address && fields.address !== current?.address) {
    const found = await geocodeAddress(fields.address, log);
    if (found) Object.assign(fields, found);
  }
  return { fields, logo, cover };
}

/** The Postgres unique violation on the page's name: a CONFLICT with a clear message. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if ((err as { code?: string }).code === '23505')
      throw conflict('BUSINESS_NAME_TAKEN', 'A business page with this name already exists.');
    throw err;
  }
}

/**
 * Stores the new logo and cover (after every check passed), runs `write` with the page's new media, and removes
 * the replaced files once the row is written; when the write fails, the new files are removed again.
 */
async function withImages(
  ownerId: string,
  page: CheckedPage,
  media: BusinessMedia,
  write: (images: Partial<Business>, media: BusinessMedia) => Promise<Business>,
): Promise<Business> {
  const news = [page.logo, page.cover].filter((c): c is Extract<ImageChange, { kind: 'new' }> => c.kind === 'new');
  if (news.length) await limitUploads(ownerId, news.length);
  const stored: StoredUpload[] = [];
  const images: Partial<Business> = {};
  const next: BusinessMedia = { logo: [...media.logo], cover: [...media.cover] };
  const replaced: string[] = [];
  try {
    for (const [change, column, slot] of [
      [page.logo, 'imageUrl', 'logo'],
      [page.cover, 'coverPhotoUrl', 'cover'],
    ] as const) {
      if (change.kind === 'keep') continue;
      replaced.push(...next[slot]);
      if (change.kind === 'remove') {
        images[column] = null;
        next[slot] = [];
        continue;
      }
      const s = await storeUpload(change.checked);
      stored.push(s);
      // The logo shows small: its square thumbnail; the cover shows wide: the clean original.
      images[column] = slot === 'logo' ? (s.thumbnailUrl ?? s.url) : s.url;
      next[slot] = storedUrls(s);
    }
    const saved = await write(images, next);
    await deleteMedia(replaced);
    return saved;
  } catch (err) {
    await deleteMedia(stored.flatMap(storedUrls));
    throw err;
  }
}

// ------------------------------------------------------------------------------------------------- writes

/** Creates a page owned by the viewer (spec 001 section 7, POST /api/business-pages). */
export async function createBusinessPage(
  viewer: Viewer | null,
  input: BusinessPageInput,
  log: Logger,
): Promise<Business> {
  const v = requireViewer(viewer);
  const page = await checkPage(input, null, log);
  return withImages(v.id, page, { logo: [], cover: [] }, (images, media) =>
    uniqueName(async () => {
      const inserted = await businesses().insert({ ...page.fields, ...images, media, ownerId: v.id });
      return businesses().findOneByOrFail({ id: inserted.identifiers[0].id });
    }),
  );
}

/** Changes a page's fields, its colours or both (PATCH /api/business-pages/{id}); the owner only. */
export async function updateBusinessPage(
  viewer: Viewer | null,
  id: string,
  input: BusinessPageInput,
  log: Logger,
): Promise<Business> {
  const v = requireViewer(viewer);
  const current = await findBusiness(id);
  authorize(businessPolicy.canManage(v, current), 'Only the owner can change this business page.');
  const page = await checkPage(input, current, log);
  return withImages(v.id, page, current.media, (images, media) =>
    uniqueName(async () => {
      await businesses().update({ id: current.id }, { ...page.fields, ...images, media });
      return businesses().findOneByOrFail({ id: current.id });
    }),
  );
}

/** The Customize Business Page dialog: button colours and gradient border; the owner only. */
export async function customizeBusinessPage(
  viewer: Viewer | null,
  id: string,
  style: BusinessStyleInput,
): Promise<Business> {
  const v = requireViewer(viewer);
  const current = await findBusiness(id);
  authorize(businessPolicy.canManage(v, current), 'Only the owner can customize this business page.');
  const fields = {
    buttonColor: checkColor(style.buttonColor, 'buttonColor'),
    buttonTextColor: checkColor(style.buttonTextColor, 'buttonTextColor'),
    gradientBorder: checkGradient(style.gradientBorder),
  };
  await businesses().update({ id: current.id }, fields);
  return businesses().findOneByOrFail({ id: current.id });
}

/** Deletes a page with its follows and reviews (and, through their foreign keys, whatever else hangs on it). */
export async function deleteBusinessPage(viewer: Viewer | null, id: string): Promise<void> {
  const v = requireViewer(viewer);
  const current = await findBusiness(id);
  authorize(businessPolicy.canManage(v, current), 'Only the owner can delete this business page.');
  await businesses().delete({ id: current.id });
  await deleteMedia([...current.media.logo, ...current.media.cover, current.imageUrl, current.coverPhotoUrl]);
}
