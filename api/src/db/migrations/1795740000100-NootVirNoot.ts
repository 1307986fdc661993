import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Noot vir Noot: monthly playlists (one per month), songs with their files, approval, plays and likes, likes once per
 * member and song, and the monthly like counter.
 */

export class NootVirNoot1795740000100 implements MigrationInterface {
  name = 'NootVirNoot1795740000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "noot_monthly_likes" ("member_id" uuid NOT NULL, "month" date NOT NULL, "used" integer NOT NULL ` +
        `DEFAULT '0', CONSTRAINT "PK_d8506b793c5f81216ee953ebb2a" PRIMARY KEY ("member_id", "month"))`,
    );
    await q.query(
      `CREATE TABLE "noot_playlists" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "name" character varying(100) ` +
        `NOT NULL, "month" smallint NOT NULL, "year" smallint NOT NULL, "created_by_id" uuid, "created_at" ` +
        `TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_96981000cb5ee7508f88d0e6c10" PRIMARY ` +
        `KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "IDX_noot_playlists_month" ON "noot_playlists"  ("year", "month") `);
    await q.query(
      `CREATE TABLE "noot_songs" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "playlist_id" uuid NOT NULL, ` +
        `"uploader_id" uuid NOT NULL, "title" character varying(200) NOT NULL, "artist" character varying(200) NOT ` +
        `NULL, "album" character varying(200), "cover_image_url" text, "song_file_url" text NOT NULL, "files" ` +
        `jsonb NOT NULL DEFAULT '[]', "is_admin_approved" boolean NOT NULL DEFAULT false, "play_count" integer ` +
        `NOT NULL DEFAULT '0', "like_count" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP(3) WITH TIME ` +
        `ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_99ab76fb146911c0016c70e1c33" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_059ea0732d8f31502d8061b64d" ON "noot_songs"  ("uploader_id") `);
    await q.query(
      `CREATE INDEX "IDX_noot_songs_chart" ON "noot_songs"  ("playlist_id", "like_count", "play_count", ` +
        `"created_at", "id") `,
    );
    await q.query(
      `CREATE TABLE "noot_song_likes" ("song_id" uuid NOT NULL, "member_id" uuid NOT NULL, "created_at" TIMESTAMP(3) ` +
        `WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_99de2248a597b824cc285472473" PRIMARY KEY ("song_id", ` +
        `"member_id"))`,
    );
    await q.query(`CREATE INDEX "IDX_cadc029c2e1e1a3ed252b775a5" ON "noot_song_likes"  ("member_id") `);
    await q.query(
      `ALTER TABLE "noot_monthly_likes" ADD CONSTRAINT "FK_60a6a34236e42878168282e8a3d" FOREIGN KEY ("member_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "noot_playlists" ADD CONSTRAINT "FK_46772bdf414768c35650ee572d2" FOREIGN KEY ("created_by_id") ` +
        `REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "noot_songs" ADD CONSTRAINT "FK_57af5cc3ed3ef561f8b134696c7" FOREIGN KEY ("playlist_id") ` +
        `REFERENCES "noot_playlists"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "noot_songs" ADD CONSTRAINT "FK_059ea0732d8f31502d8061b64d9" FOREIGN KEY ("uploader_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "noot_song_likes" ADD CONSTRAINT "FK_532bcc464ee7cd7e0d9831087df" FOREIGN KEY ("song_id") ` +
        `REFERENCES "noot_songs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "noot_song_likes" ADD CONSTRAINT "FK_cadc029c2e1e1a3ed252b775a50" FOREIGN KEY ("member_id") ` +
        `REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "noot_song_likes" DROP CONSTRAINT "FK_cadc029c2e1e1a3ed252b775a50"`);
    await q.query(`ALTER TABLE "noot_song_likes" DROP CONSTRAINT "FK_532bcc464ee7cd7e0d9831087df"`);
    await q.query(`ALTER TABLE "noot_songs" DROP CONSTRAINT "FK_059ea0732d8f31502d8061b64d9"`);
    await q.query(`ALTER TABLE "noot_songs" DROP CONSTRAINT "FK_57af5cc3ed3ef561f8b134696c7"`);
    await q.query(`ALTER TABLE "noot_playlists" DROP CONSTRAINT "FK_46772bdf414768c35650ee572d2"`);
    await q.query(`ALTER TABLE "noot_monthly_likes" DROP CONSTRAINT "FK_60a6a34236e42878168282e8a3d"`);
    await q.query(`DROP INDEX "public"."IDX_cadc029c2e1e1a3ed252b775a5"`);
    await q.query(`DROP TABLE "noot_song_likes"`);
    await q.query(`DROP INDEX "public"."IDX_noot_songs_chart"`);
    await q.query(`DROP INDEX "public"."IDX_059ea0732d8f31502d8061b64d"`);
    await q.query(`DROP TABLE "noot_songs"`);
    await q.query(`DROP INDEX "public"."IDX_noot_playlists_month"`);
    await q.query(`DROP TABLE "noot_playlists"`);
    await q.query(`DROP TABLE "noot_monthly_likes"`);
  }
}
