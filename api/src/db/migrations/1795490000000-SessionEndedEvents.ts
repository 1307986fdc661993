import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whenever a session row goes (sign-out, a password change ending the other sessions, expiry sweeps, an account
 * deleted), PostgreSQL announces it on the events channel, so every API process closes that session's websockets.
 * A trigger catches every way a session can end, whoever deletes it.
 */
export class SessionEndedEvents1795490000000 implements MigrationInterface {
  name = 'SessionEndedEvents1795490000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `
      CREATE FUNCTION "saffa_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('saffa_events', json_build_object('topic', 'session.ended', 'payload', ` +
        `json_build_object('tokenHash', OLD.token_hash))::text);
        RETURN OLD;
      END $$`,
    );
    await q.query(
      `CREATE TRIGGER "TRG_sessions_ended" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION ` +
        `"saffa_session_ended"()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "TRG_sessions_ended" ON "sessions"`);
    await q.query(`DROP FUNCTION "saffa_session_ended"()`);
  }
}
