import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 24, item 13: a stored file is offered under a name whose extension is that of the type its bytes were
 * detected as (kernel/upload.ts `nameForType`). Names kept before with the uploader's own extension (a PDF named
 * `cv.html`) get the detected one: CVs of job applications and documents of posts. The old names are not kept.
 */
const rename = (name: string, type: string, fallback: string) =>
  `left(coalesce(nullif(btrim(regexp_replace(btrim(${name}), '\\.[A-Za-z0-9_-]{0,16}\\s*$', '')), ''), ` +
  `'${fallback}'), 240) || '.' || lower(${type})`;

export class FileNamesOfDetectedType1795860000000 implements MigrationInterface {
  name = 'FileNamesOfDetectedType1795860000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE "job_applications" SET "cv_file_name" = ${rename('"cv_file_name"', '"cv_type"', 'cv')}
        WHERE "cv_file_name" IS NOT NULL AND "cv_type" IS NOT NULL AND lower(btrim("cv_file_name")) NOT LIKE '%.' || ` +
        `lower("cv_type")`,
    );
    await q.query(
      `UPDATE "posts" SET "document_name" = ${rename('"document_name"', '"document_type"', 'document')}
        WHERE "document_name" IS NOT NULL AND "document_type" IS NOT NULL AND lower(btrim("document_name")) NOT LIKE ` +
        `'%.' || lower("document_type")`,
    );
  }

  async down(): Promise<void> {
    // The uploaders' own extensions are not kept: nothing to restore.
  }
}
