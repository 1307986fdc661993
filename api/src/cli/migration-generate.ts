/**
 * Writes a migration with the SQL that brings a fresh database (all existing migrations applied)
 * in line with the entities. Usage: npm run migration:generate -w api -- AddPosts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDataSource } from '../db/data-source';
import { startEmbeddedPostgres } from '../db/embedded';
import { pendingSchemaChanges } from '../db';

async function main() {
  const name = (process.argv[2] ?? '').replace(/[^A-Za-z0-9]/g, '');
  if (!name) throw new Error('Give the migration a name: npm run migration:generate -w api -- AddPosts');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saffa-migrate-'));
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: 55432, database: 'gen' });
  const ds = createDataSource(pg.url);
  try {
    await ds.initialize();
    await ds.runMigrations();
    const { up, down } = await pendingSchemaChanges(ds);
    if (!up.length) {
      console.log('The entities match the migrations: nothing to generate.');
      return;
    }
    const ts = Date.now();
    const cls = `${name}${ts}`;
    const esc = (q: string) => '`' + q.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${') + '`';
    const body = `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${cls} implements MigrationInterface {
  name = '${cls}';

  async up(q: QueryRunner): Promise<void> {
${up.map((s) => `    await q.query(${esc(s)});`).join('\n')}
  }

  async down(q: QueryRunner): Promise<void> {
${down
  .reverse()
  .map((s) => `    await q.query(${esc(s)});`)
  .join('\n')}
  }
}
`;
    const migDir = path.join(__dirname, '..', '..', 'src', 'db', 'migrations');
    fs.writeFileSync(path.join(migDir, `${ts}-${name}.ts`), body);
    const indexFile = path.join(migDir, 'index.ts');
    let index = fs.readFileSync(indexFile, 'utf8');
    const lines = index.split('\n');
    const lastImport = lines.map((l) => l.startsWith('import ')).lastIndexOf(true);
    lines.splice(lastImport + 1, 0, `import { ${cls} } from './${ts}-${name}';`);
    index = lines.join('\n');
    index = index.replace(/\];\s*$/, `, ${cls}];\n`);
    fs.writeFileSync(indexFile, index);
    console.log(`Wrote src/db/migrations/${ts}-${name}.ts (${up.length} statements)`);
  } finally {
    if (ds.isInitialized) await ds.destroy();
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
