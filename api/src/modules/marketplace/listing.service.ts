import type { EntityManager } from 'typeorm';
import { authorize, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, notFound } from '../../kernel/errors';
import { coarsePosition, decodeDistanceCursor, distancePage, withinRadiusSql } from '../../kernel/geo';
import { checkUuid, UUID } from '../../kernel/ids';
import { money, option, position, text } from '../../kernel/input';
import { deleteMedia } from '../../kernel/media';
import { pageSize, type Page } from '../../kernel/pagination';
import { limitUploads } from '../../kernel/rate-limit';
import { asEntities, deleteRowIn, queryRows, selectColumns } from '../../kernel/rows';
import { checkUpload, storeUpload, storedUrls, type CheckedUpload, type StoredUpload } from '../../kernel/upload';
import { isBlockedEitherWay, SUSPENDED_MEMBERS_SQL } from '../blocks/block.service';
import { ListingStatus, MarketplaceListing } from './marketplace-listing.entity';
import type { ListingInput, ListingsQuery } from './listing.inputs';
import { listingPolicy } from './listing.policy';

export const listings = () => db().getRepository(MarketplaceListing);

/** The option lists and constants of the marketplace (spec 002 sections 3 and 9). */
export const CONDITIONS = ['new', 'like-new', 'good', 'fair', 'poor'] as const;
export const CATEGORIES = ['electronics', 'furniture', 'clothing', 'books', 'sports', 'toys', 'other'] as const;
export const RADIUS_KM = { min: 1, max: 50, step: 1, default: 10 } as const;
export const MAX_PRICE = 9_999_999_999.99;
const LIMITS = { name: 120, description: 2000, locationName: 120 } as const;

export const OWNER_ONLY_MESSAGE = 'Only the seller can change this listing.';
export const OWN_LISTING_MESSAGE = 'You cannot message yourself about your own listing.';
export const NOT_AVAILABLE_MESSAGE = 'This item is no longer available.';

/** Loads a listing or answers NOT_FOUND (BAD_USER_INPUT for ids that are not UUIDs). */
export async function findListing(id: string, field = 'id'): Promise<MarketplaceListing> {
  const listing = await listings().findOneBy({ id: checkUuid(id, field) });
  if (!listing) throw notFound('Listing');
  return listing;
}

export async function findListingOrNull(id: string): Promise<MarketplaceListing | null> {
  return UUID.test(id) ? listings().findOneBy({ id }) : null;
}

// ---------------------------------------------------------------------------------------------- field checks

function requiredText(value: unknown, field: 'name' | 'description', label: string): string {
  const t = text(value, field, { max: LIMITS[field] });
  if (!t) throw badInput(field, `is required (${label})`);
  return t;
}

const checkPrice = (value: unknown) => Math.round(money(value, 'price', { max: MAX_PRICE }) * 100) / 100;

const oneOf = <T extends string>(value: unknown, options: readonly T[], field: string): T =>
  option(value, field, options, { required: true });

function checkStatus(value: unknown): ListingStatus {
  return oneOf(value, Object.values(ListingStatus), 'status');
}

const checkLocationName = (value: string | null | undefined) =>
  value === undefined ? undefined : text(value, 'locationName', { max: LIMITS.locationName });

/** What to do with the photo: keep what is stored, remove it, or store a checked new file. */
type PhotoChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'new'; checked: CheckedUpload };

async function photoChange(value: string | null | undefined, current: MarketplaceListing | null): Promise<PhotoChange> {
  if (value === undefined || (current?.imageUrl && value === current.imageUrl)) return { kind: 'keep' };
  if (value === null || value.trim() === '') return { kind: current?.imageUrl ? 'remove' : 'keep' };
  return { kind: 'new', checked: await checkUpload(value, 'image', 'image') };
}

/** Checks every field of a create (all required but the photo and place name) or an update (only what is given). */
function checkFields(input: ListingInput, creating: boolean): Partial<MarketplaceListing> {
  const f: Partial<MarketplaceListing> = {};
  const given = (key: keyof ListingInput) => creating || (input[key] !== undefined && input[key] !== null);
  if (given('name')) f.name = requiredText(input.name, 'name', 'item name');
  if (given('price')) f.price = checkPrice(input.price);
  if (given('condition')) f.condition = oneOf(input.condition, CONDITIONS, 'condition');
  if (given('category')) f.category = oneOf(input.category, CATEGORIES, 'category');
  if (given('description')) f.description = requiredText(input.description, 'description', 'description');
  const place = checkLocationName(input.locationName);
  if (place !== undefined) f.locationName = place;
  if (creating || input.latitude != null || input.longitude != null) {
    // Stored (and so shown) as its 1 km cell, never the seller's exact position.
    const p = position(input.latitude, input.longitude);
    Object.assign(f, coarsePosition(p.latitude, p.longitude));
  }
  return f;
}

/**
 * Stores a new photo (after every check passed), runs `write` with the listing's photo columns, and removes the
 * replaced files once the row is written; when the write fails, the new files are removed again.
 */
async function withPhoto(
  sellerId: string,
  change: PhotoChange,
  current: MarketplaceListing | null,
  write: (photo: Partial<MarketplaceListing>) => Promise<MarketplaceListing>,
): Promise<MarketplaceListing> {
  if (change.kind === 'keep') return write({});
  let stored: StoredUpload | null = null;
  if (change.kind === 'new') {
    await limitUploads(sellerId, 1);
    stored = await storeUpload(change.checked);
  }
  const photo: Partial<MarketplaceListing> = stored
    ? { imageUrl: stored.url, thumbnailUrl: stored.thumbnailUrl, files: storedUrls(stored) }
    : { imageUrl: null, thumbnailUrl: null, files: [] };
  try {
    const saved = await write(photo);
    if (current) await deleteMedia(current.files);
    return saved;
  } catch (err) {
    if (stored) await deleteMedia(storedUrls(stored));
    throw err;
  }
}

// ------------------------------------------------------------------------------------------------- writes

/** Lists an item for sale, sold by the viewer, at the position given (the member's position from the browser). */
export async function createListing(viewer: Viewer | null, input: ListingInput): Promise<MarketplaceListing> {
  const v = requireViewer(viewer);
  const fields = checkFields(input, true);
  const change = await photoChange(input.image, null);
  return withPhoto(v.id, change, null, async (photo) => {
    const inserted = await listings().insert({ ...fields, ...photo, sellerId: v.id, status: ListingStatus.available });
    return listings().findOneByOrFail({ id: inserted.identifiers[0].id });
  });
}

/** Changes a listing's fields (a field left out keeps its value); the seller only. */
export async function updateListing(
  viewer: Viewer | null,
  id: string,
  input: ListingInput,
): Promise<MarketplaceListing> {
  const v = requireViewer(viewer);
  const current = await findListing(id);
  authorize(listingPolicy.canManage(v, current), OWNER_ONLY_MESSAGE);
  const fields = checkFields(input, false);
  const change = await photoChange(input.image, current);
  return withPhoto(v.id, change, current, async (photo) => {
    await listings().update({ id: current.id }, { ...fields, ...photo });
    return listings().findOneByOrFail({ id: current.id });
  });
}

/** Moves a listing among available, pending and sold (spec 002 section 4); the seller only. */
export async function setListingStatus(
  viewer: Viewer | null,
  id: string,
  status: unknown,
): Promise<MarketplaceListing> {
  const v = requireViewer(viewer);
  const current = await findListing(id);
  authorize(listingPolicy.canManage(v, current), OWNER_ONLY_MESSAGE);
  const next = checkStatus(status);
  await listings().update({ id: current.id }, { status: next });
  return listings().findOneByOrFail({ id: current.id });
}

/** Deletes a listing and its photo files; the seller only. Conversations about it stay with their messages. */
export async function deleteListing(viewer: Viewer | null, id: string): Promise<void> {
  const v = requireViewer(viewer);
  const current = await findListing(id);
  authorize(listingPolicy.canManage(v, current), OWNER_ONLY_MESSAGE);
  const files = await db().transaction((tx) => deleteListingIn(tx, current.id));
  await deleteMedia(files);
}

/**
 * Deletes a listing's row in `tx` and answers its photo files, for the caller to delete once `tx` has committed
 * ([] when it was already gone): the seller's delete and the moderation queue's removal.
 */
export const deleteListingIn = (tx: EntityManager, id: string): Promise<string[]> =>
  deleteRowIn(tx, MarketplaceListing, id, (listing) => listing.files);

// -------------------------------------------------------------------------------------------------- reads

function checkQuery(q: ListingsQuery): { radiusKm: number; category: string | null } {
  const radiusKm = q.radiusKm ?? RADIUS_KM.default;
  if (!Number.isInteger(radiusKm) || radiusKm < RADIUS_KM.min || radiusKm > RADIUS_KM.max) {
    throw badInput('radiusKm', `must be a whole number from ${RADIUS_KM.min} to ${RADIUS_KM.max}`);
  }
  const category =
    q.category == null || q.category === '' || q.category === 'all' ? null : oneOf(q.category, CATEGORIES, 'category');
  position(q.latitude, q.longitude);
  return { radiusKm, category };
}

/**
 * Listings within `radiusKm` of the position, of one category or all, nearest first (then by id), a keyset page at a
 * time, without the listings of a seller either side of a block with the viewer (filtered inside the page function,
 * migration BlocksInMarketplace, so pages stay full). One statement: `marketplace_listing_page` walks the GiST index on
 * the stored earth point in distance order, bounded by the radius's box; each node carries its distance.
 */
export async function listingsNear(viewer: Viewer | null, q: ListingsQuery): Promise<Page<MarketplaceListing>> {
  const v = requireViewer(viewer);
  const { radiusKm, category } = checkQuery(q);
  const size = pageSize(q.first);
  const c = q.after ? decodeDistanceCursor(q.after) : null;
  const rows = await queryRows(
    `SELECT ${selectColumns(MarketplaceListing, 'l')}, sec_to_gc(d.chord) AS "distanceMetres", d.chord AS "chord"
       FROM marketplace_listing_page($1::float8, $2::float8, $3::float8, $4::text, $5::float8, $6::uuid, $7::int, ` +
      `$8::uuid) d
       JOIN marketplace_listings l ON l.id = d.id
      ORDER BY d.chord, d.id`,
    [q.latitude, q.longitude, radiusKm * 1000, category, c?.chord ?? null, c?.id ?? null, size + 1, v.id],
  );
  const chords = rows.map((r) => r.chord as number);
  return distancePage(
    asEntities(
      MarketplaceListing,
      rows.map(({ chord: _chord, ...r }) => r),
    ),
    chords,
    size,
  );
}

/**
 * How many listings the filters match within the radius ('Showing X of Y items'). It reads every listing in the
 * radius (inside the index), so the screen asks for it once per filter, not with each page. `signedIn` false: the
 * connection's totalCount, whose query already required a viewer.
 */
export async function listingsNearCount(viewer: Viewer | null, q: ListingsQuery, signedIn = true): Promise<number> {
  if (signedIn) requireViewer(viewer);
  const { radiusKm, category } = checkQuery(q);
  // Every listing in the radius (read inside the index), less those of members blocked either way or suspended: found
  // from the viewer's few blocks through the seller index, so the block filter costs no lookup per listing in the
  // radius.
  const matches =
    `${withinRadiusSql('l.place', '$1::float8', '$2::float8', '$3::float8')} AND ($4::text IS NULL OR ` +
    `l.category = $4::text)`;
  const rows = await queryRows<{ n: number }>(
    `WITH blocked AS MATERIALIZED (
       SELECT blocked_id AS id FROM user_blocks WHERE blocker_id = $5::uuid
       UNION SELECT blocker_id FROM user_blocks WHERE blocked_id = $5::uuid
       UNION ${SUSPENDED_MEMBERS_SQL})
     SELECT (SELECT count(*) FROM marketplace_listings l WHERE ${matches})::int
          - (SELECT count(*) FROM blocked b JOIN marketplace_listings l ON l.seller_id = b.id WHERE ${matches})::int ` +
      `AS n`,
    [q.latitude, q.longitude, radiusKm * 1000, category, viewer?.id ?? null],
  );
  return rows[0].n;
}

/** A listing's detail, or null when there is none or its seller is either side of a block with the viewer. */
export async function listingFor(viewer: Viewer | null, id: string): Promise<MarketplaceListing | null> {
  const v = requireViewer(viewer);
  const listing = await findListingOrNull(id);
  return listing && !(await isBlockedEitherWay(v.id, listing.sellerId)) ? listing : null;
}
