import { requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput } from '../../kernel/errors';
import { decodeDistanceCursor, distancePage, withinRadiusSql } from '../../kernel/geo';
import { checkUuid } from '../../kernel/ids';
import { position } from '../../kernel/input';
import { keysetPage, pageSize, type Page } from '../../kernel/pagination';
import { asEntities, queryRows, selectColumns } from '../../kernel/rows';
import { notBlockedSql } from '../blocks/block.service';
import { BusinessReview } from './business-review.entity';
import { Business, DEFAULT_BUTTON_COLOR, DEFAULT_BUTTON_TEXT_COLOR, DEFAULT_GRADIENT } from './business.entity';
import { DIRECTORY_RADII_KM, businesses } from './business.service';

// -------------------------------------------------------------------------------------------------- reads

type PageArgs = { first?: number | null; after?: string | null };

/** The viewer's own pages, newest first. */
export function myBusinessPages(viewer: Viewer | null, args: PageArgs): Promise<Page<Business>> {
  const v = requireViewer(viewer);
  return keysetPage(businesses().createQueryBuilder('b').where('b.owner_id = :id', { id: v.id }), 'b', args);
}

/** The pages the viewer follows, newest page first. */
export function followedBusinesses(viewer: Viewer | null, args: PageArgs): Promise<Page<Business>> {
  const v = requireViewer(viewer);
  const qb = businesses()
    .createQueryBuilder('b')
    .where('EXISTS (SELECT 1 FROM business_follows f WHERE f.business_id = b.id AND f.member_id = :id)', { id: v.id });
  return keysetPage(qb, 'b', args);
}

/**
 * A page's reviews, newest first, without those of members the viewer blocked or was blocked by (filtered inside the
 * keyset query). The page's `rating` and `reviewCount` stay its totals (business.facts.ts): they are the business's
 * public standing, the same for every visitor, not one member's view of another.
 */
export async function businessReviews(
  viewer: Viewer | null,
  businessId: string,
  args: PageArgs,
): Promise<Page<BusinessReview>> {
  const v = requireViewer(viewer);
  const id = checkUuid(businessId, 'businessId');
  const qb = db()
    .getRepository(BusinessReview)
    .createQueryBuilder('r')
    .where('r.business_id = :id', { id })
    .andWhere(notBlockedSql(':viewerId', 'r.member_id'), { viewerId: v.id });
  return keysetPage(qb, 'r', args);
}

export interface DirectoryQuery extends PageArgs {
  latitude: number;
  longitude: number;
  radiusKm: number;
}

function checkDirectory(q: DirectoryQuery) {
  if (!(DIRECTORY_RADII_KM as readonly number[]).includes(q.radiusKm))
    throw badInput('radiusKm', `must be one of ${DIRECTORY_RADII_KM.join(', ')}`);
  position(q.latitude, q.longitude);
}

/**
 * The directory: pages within `radiusKm` of the position, nearest first (then by id), a keyset page at a time. One
 * statement: `business_directory_page` (migration BusinessPages) walks the GiST index on the stored earth point in
 * distance order, bounded by the radius's box, so a page costs what it returns; each node carries its distance.
 */
export async function businessDirectory(viewer: Viewer | null, q: DirectoryQuery): Promise<Page<Business>> {
  requireViewer(viewer);
  checkDirectory(q);
  const size = pageSize(q.first);
  const c = q.after ? decodeDistanceCursor(q.after) : null;
  const rows = await queryRows(
    `SELECT ${selectColumns(Business, 'b')}, sec_to_gc(d.chord) AS "distanceMetres", d.chord AS "chord"
       FROM business_directory_page($1::float8, $2::float8, $3::float8, $4::float8, $5::uuid, $6::int) d
       JOIN businesses b ON b.id = d.id
      ORDER BY d.chord, d.id`,
    [q.latitude, q.longitude, q.radiusKm * 1000, c?.chord ?? null, c?.id ?? null, size + 1],
  );
  const chords = rows.map((r) => r.chord as number);
  return distancePage(
    asEntities(
      Business,
      rows.map(({ chord: _chord, ...r }) => r),
    ),
    chords,
    size,
  );
}

/** How many pages the directory holds within the radius (the count line: 'Showing N business(es) within R km'). */
export async function directoryCount(q: DirectoryQuery): Promise<number> {
  // The box through the GiST index, then the chord distance of the stored point (a C operator, no per-row SQL call).
  const rows = await queryRows<{ n: number }>(
    `SELECT count(*)::int AS n FROM businesses b ` +
      `WHERE ${withinRadiusSql('b.place', '$1::float8', '$2::float8', '$3::float8')}`,
    [q.latitude, q.longitude, q.radiusKm * 1000],
  );
  return rows[0].n;
}

export const BUSINESS_DEFAULTS = {
  buttonColor: DEFAULT_BUTTON_COLOR,
  buttonTextColor: DEFAULT_BUTTON_TEXT_COLOR,
  gradientBorder: DEFAULT_GRADIENT,
};

/** Every page, newest first (the home carousel). */
export function newestBusinesses(viewer: Viewer | null, args: PageArgs): Promise<Page<Business>> {
  requireViewer(viewer);
  return keysetPage(businesses().createQueryBuilder('b'), 'b', args);
}
