import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One name for "the member a row belongs to": the tables that still said `user_id` say `member_id`, like the rest
 * (issue 25). Renames only: the columns, the indexes and constraints named after them (TypeORM's hashed names
 * follow the column names), and the radar's page function, whose SQL body names the column.
 */
const COLUMNS = [
  'identities',
  'email_verifications',
  'password_resets',
  'sessions',
  'saved_checkins',
  'post_shares',
  'reactions',
  'recipe_reactions',
  'recipe_shares',
  'member_feature_choices',
  'radar_positions',
  'access_tokens',
  'webhooks',
  'member_totp',
  'passkeys',
  'pending_sign_ins',
  'recovery_codes',
  'webauthn_challenges',
];

/** [table, constraint while the column was user_id, constraint now]. */
const CONSTRAINTS: Array<[string, string, string]> = [
  ['identities', 'FK_88e77c008cfcfa6a87027a99bde', 'FK_95e2fdf7a0b8615b535f8d1ce1a'],
  ['email_verifications', 'FK_c4f1838323ae1dff5aa00148915', 'FK_cea17f8f13128a6aa8077c53a93'],
  ['password_resets', 'FK_f7a4c3bc48f24df007936d217be', 'FK_0fea864154d92cb723b1c4547d8'],
  ['sessions', 'FK_085d540d9f418cfbdc7bd55bb19', 'FK_32520aa49cd5a4acd571e81f752'],
  ['saved_checkins', 'FK_aef6f324d05962e70cc80b117cb', 'FK_a7beeac5d4e8bff524d3cd4fbb0'],
  ['post_shares', 'FK_7337042728d8e163edcc2be13af', 'FK_f6687544e1e2e225294753bd301'],
  ['reactions', 'FK_dde6062145a93649adc5af3946e', 'FK_8d491d0fe89f9ca3b9dd8cbfade'],
  ['recipe_reactions', 'FK_589c5cdd6865df12875995b27dd', 'FK_9dfb8a7532927e4d20287c48f43'],
  ['recipe_shares', 'FK_62b4fbab5cac6c62e0b5d7b00d4', 'FK_88126f8beefff5e41c24ca16293'],
  ['recipe_shares', 'PK_cd51895cb1a90e9901027b3419f', 'PK_9066acb72bc9e346aae4fd80065'],
  ['member_feature_choices', 'FK_member_feature_choices_user', 'FK_member_feature_choices_member'],
  ['radar_positions', 'FK_radar_positions_user', 'FK_radar_positions_member'],
  ['access_tokens', 'FK_09ee750a035b06e0c7f0704687e', 'FK_4782bd5b920190597f3b345deec'],
  ['webhooks', 'FK_webhooks_user', 'FK_webhooks_member'],
  ['member_totp', 'FK_member_totp_user', 'FK_member_totp_member'],
  ['passkeys', 'FK_passkeys_user', 'FK_passkeys_member'],
  ['pending_sign_ins', 'FK_pending_sign_ins_user', 'FK_pending_sign_ins_member'],
  ['recovery_codes', 'FK_recovery_codes_user', 'FK_recovery_codes_member'],
  ['webauthn_challenges', 'FK_webauthn_challenges_user', 'FK_webauthn_challenges_member'],
];

/** [index while the column was user_id, index now]. */
const INDEXES: Array<[string, string]> = [
  ['IDX_88e77c008cfcfa6a87027a99bd', 'IDX_95e2fdf7a0b8615b535f8d1ce1'],
  ['IDX_c4f1838323ae1dff5aa0014891', 'IDX_cea17f8f13128a6aa8077c53a9'],
  ['IDX_f7a4c3bc48f24df007936d217b', 'IDX_0fea864154d92cb723b1c4547d'],
  ['IDX_085d540d9f418cfbdc7bd55bb1', 'IDX_32520aa49cd5a4acd571e81f75'],
  ['IDX_031f648ae17ae09a09e2ea2512', 'IDX_42997f974590c7a23af5fad88b'],
  ['IDX_683cb747820668d0641757ea56', 'IDX_f61f8da60589f851a6495be965'],
  ['IDX_7337042728d8e163edcc2be13a', 'IDX_f6687544e1e2e225294753bd30'],
  ['UQ_post_shares_post_user', 'UQ_post_shares_post_member'],
  ['IDX_dde6062145a93649adc5af3946', 'IDX_8d491d0fe89f9ca3b9dd8cbfad'],
  ['IDX_17fa6c691d35ceae1b92006696', 'IDX_8d7d11ca9a7ba619e205342925'],
  ['IDX_589c5cdd6865df12875995b27d', 'IDX_9dfb8a7532927e4d20287c48f4'],
  ['UQ_recipe_reactions_recipe_user', 'UQ_recipe_reactions_recipe_member'],
  ['IDX_62b4fbab5cac6c62e0b5d7b00d', 'IDX_88126f8beefff5e41c24ca1629'],
  ['IDX_access_tokens_user_name', 'IDX_access_tokens_member_name'],
  ['IDX_passkeys_user', 'IDX_passkeys_member'],
  ['IDX_pending_sign_ins_user', 'IDX_pending_sign_ins_member'],
  ['IDX_recovery_codes_user_hash', 'IDX_recovery_codes_member_hash'],
];

const RADAR_PAGE = 'radar_nearby_page(float8, float8, float8, timestamptz, uuid, text, int, text, int)';

/** Redefines the radar's page function with `r.<from>` renamed `r.<to>` in its body (same signature and result). */
async function renameInRadarPage(q: QueryRunner, from: string, to: string): Promise<void> {
  const [{ def }]: Array<{ def: string }> = await q.query(`SELECT pg_get_functiondef($1::regprocedure) AS def`, [
    RADAR_PAGE,
  ]);
  await q.query(def.replace(new RegExp(`\\br\\.${from}\\b`, 'g'), `r.${to}`));
}

export class MemberIdColumns1795930000000 implements MigrationInterface {
  name = 'MemberIdColumns1795930000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of COLUMNS) await q.query(`ALTER TABLE "${table}" RENAME COLUMN "user_id" TO "member_id"`);
    for (const [table, from, to] of CONSTRAINTS)
      await q.query(`ALTER TABLE "${table}" RENAME CONSTRAINT "${from}" TO "${to}"`);
    for (const [from, to] of INDEXES) await q.query(`ALTER INDEX "${from}" RENAME TO "${to}"`);
    await renameInRadarPage(q, 'user_id', 'member_id');
  }

  async down(q: QueryRunner): Promise<void> {
    await renameInRadarPage(q, 'member_id', 'user_id');
    for (const [from, to] of INDEXES) await q.query(`ALTER INDEX "${to}" RENAME TO "${from}"`);
    for (const [table, from, to] of CONSTRAINTS)
      await q.query(`ALTER TABLE "${table}" RENAME CONSTRAINT "${to}" TO "${from}"`);
    for (const table of COLUMNS) await q.query(`ALTER TABLE "${table}" RENAME COLUMN "member_id" TO "user_id"`);
  }
}
