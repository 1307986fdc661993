import { describe, expect, it } from 'vitest';
import { db } from '../kernel/database';
import { pendingSchemaChanges } from './index';

describe('migrations', () => {
  it('bring a fresh database exactly to the entities (an entity changed without a migration fails here)', async () => {
    const { up } = await pendingSchemaChanges(db());
    expect(up, 'run: npm run migration:generate -w api -- <Name>').toEqual([]);
  });

  it('create the extensions the schema relies on', async () => {
    const rows: Array<{ extname: string }> = await db().query('SELECT extname FROM pg_extension');
    expect(rows.map((r) => r.extname)).toEqual(expect.arrayContaining(['citext', 'cube', 'earthdistance', 'pg_trgm']));
  });
});
