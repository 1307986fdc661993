import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin panel: suspended members (`users.suspended_at`), an e-mail trigram index for the admin's user search
 * (names already have IDX_users_name_trgm), and the audit log of admin actions. The log is append-only: a trigger
 * refuses every UPDATE and DELETE, except the one change its foreign key makes when an admin's account is deleted
 * (actor_id becomes NULL; the actor's name snapshot stays).
 */
export class AdminPanel1795770500000 implements MigrationInterface {
  name = 'AdminPanel1795770500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" ADD "suspended_at" TIMESTAMP WITH TIME ZONE`);
    await q.query(`CREATE INDEX "IDX_users_email_trgm" ON "users" USING gin (("email"::text) gin_trgm_ops)`);
    await q.query(
      `CREATE TABLE "admin_audit_log" (
        "id" uuid NOT NULL DEFAULT uuid_generate_v4(),
        "actor_id" uuid,
        "actor_name" varchar(120) NOT NULL,
        "action" varchar(60) NOT NULL,
        "target_type" varchar(40) NOT NULL,
        "target_id" varchar(60),
        "before" jsonb,
        "after" jsonb,
        "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_admin_audit_log" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `ALTER TABLE "admin_audit_log" ADD CONSTRAINT "FK_admin_audit_log_actor" FOREIGN KEY ("actor_id") REFERENCES ` +
        `"users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await q.query(`CREATE INDEX "IDX_admin_audit_log_created" ON "admin_audit_log" ("created_at", "id")`);
    await q.query(`CREATE INDEX "IDX_admin_audit_log_action" ON "admin_audit_log" ("action", "created_at", "id")`);
    await q.query(`CREATE INDEX "IDX_admin_audit_log_actor" ON "admin_audit_log" ("actor_id", "created_at", "id")`);
    await q.query(
      `
      CREATE FUNCTION "saffa_admin_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD.actor_id IS NOT NULL AND NEW.actor_id IS NULL
           AND (NEW.id, NEW.actor_name, NEW.action, NEW.target_type, NEW.target_id, NEW.before, NEW.after, ` +
        `NEW.created_at)
               IS NOT DISTINCT FROM (OLD.id, OLD.actor_name, OLD.action, OLD.target_type, OLD.target_id, OLD.before, ` +
        `OLD.after, OLD.created_at)
        THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'admin_audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
      END $$`,
    );
    await q.query(
      `CREATE TRIGGER "TRG_admin_audit_log_append_only" BEFORE UPDATE OR DELETE ON "admin_audit_log" FOR EACH ROW ` +
        `EXECUTE FUNCTION "saffa_admin_audit_log_append_only"()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "admin_audit_log"`);
    await q.query(`DROP FUNCTION "saffa_admin_audit_log_append_only"()`);
    await q.query(`DROP INDEX "IDX_users_email_trgm"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "suspended_at"`);
  }
}
