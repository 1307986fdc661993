import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A suspended member's content leaves other members' lists (issue 24, finding 20). Most lists do it through the
 * blocks module's `notBlockedSql`; the marketplace's page function carries its own copy of that condition
 * (migration BlocksInMarketplace), so it gains "the seller is not suspended" here. The partial index
 * IDX_users_suspended lists the suspended members (as many rows as there are), for counts that subtract them.
 */
const listingPage = (suspension: boolean) =>
  `CREATE OR REPLACE FUNCTION marketplace_listing_page(lat float8, lng float8, radius float8, cat text, after_chord ` +
  `float8, after_id uuid, lim int, me uuid DEFAULT NULL)
       RETURNS TABLE (id uuid, chord float8) LANGUAGE sql STABLE ROWS 25 SET enable_bitmapscan = off AS $$
         SELECT l.id, l.place <-> ll_to_earth(lat, lng)
           FROM marketplace_listings l
          WHERE earth_box(ll_to_earth(lat, lng), radius) @> l.place
            AND l.place <-> ll_to_earth(lat, lng) <= 2 * earth() * sin(radius / (2 * earth()))
            AND (cat IS NULL OR l.category = cat)
            AND (after_chord IS NULL OR (l.place <-> ll_to_earth(lat, lng), l.id) > (after_chord, after_id))
            AND NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = me AND ub.blocked_id = l.seller_id)
            AND NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = l.seller_id AND ub.blocked_id = me)${
              suspension
                ? `
            AND NOT EXISTS (SELECT 1 FROM users su WHERE su.id = l.seller_id AND su.suspended_at IS NOT NULL)`
                : ''
            }
          ORDER BY l.place <-> ll_to_earth(lat, lng), l.id
          LIMIT lim
       $$`;

export class SuspendedMembersHidden1795880000000 implements MigrationInterface {
  name = 'SuspendedMembersHidden1795880000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX "IDX_users_suspended" ON "users" ("id") WHERE suspended_at IS NOT NULL`);
    await q.query(listingPage(true));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(listingPage(false));
    await q.query(`DROP INDEX "IDX_users_suspended"`);
  }
}
