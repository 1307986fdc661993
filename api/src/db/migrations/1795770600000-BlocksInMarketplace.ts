import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The marketplace's page function of migration MarketplaceListings, with `me` (the viewer, last, NULL: nobody) and,
 * when `blocks`, the condition that neither the viewer nor the seller blocked the other: two primary-key lookups per
 * candidate inside the page's own query (as the radar's, migration UserBlocks), so a page stays full.
 */
const listingPage = (blocks: boolean) =>
  `CREATE FUNCTION marketplace_listing_page(lat float8, lng float8, radius float8, cat text, after_chord float8, ` +
  `after_id uuid, lim int${blocks ? ', me uuid DEFAULT NULL' : ''})
       RETURNS TABLE (id uuid, chord float8) LANGUAGE sql STABLE ROWS 25 SET enable_bitmapscan = off AS $$
         SELECT l.id, l.place <-> ll_to_earth(lat, lng)
           FROM marketplace_listings l
          WHERE earth_box(ll_to_earth(lat, lng), radius) @> l.place
            AND l.place <-> ll_to_earth(lat, lng) <= 2 * earth() * sin(radius / (2 * earth()))
            AND (cat IS NULL OR l.category = cat)
            AND (after_chord IS NULL OR (l.place <-> ll_to_earth(lat, lng), l.id) > (after_chord, after_id))${
              blocks
                ? `
            AND NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = me AND ub.blocked_id = l.seller_id)
            AND NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = l.seller_id AND ub.blocked_id = me)`
                : ''
            }
          ORDER BY l.place <-> ll_to_earth(lat, lng), l.id
          LIMIT lim
       $$`;

/** Marketplace browsing leaves out the listings of a seller either side of a block with the viewer. */
export class BlocksInMarketplace1795770600000 implements MigrationInterface {
  name = 'BlocksInMarketplace1795770600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION marketplace_listing_page(float8, float8, float8, text, float8, uuid, int)`);
    await q.query(listingPage(true));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION marketplace_listing_page(float8, float8, float8, text, float8, uuid, int, uuid)`);
    await q.query(listingPage(false));
  }
}
