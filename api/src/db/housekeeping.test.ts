import { describe, expect, it } from 'vitest';
import { db } from '../kernel/database';
import { Session } from '../modules/auth/session.entity';
import { buildSession, buildUser } from '../test/factories';
import { silentLog } from '../test/helpers';
import { sweep } from './housekeeping';

describe('housekeeping', () => {
  it('removes expired sessions and old rate-limit windows, keeps live ones', async () => {
    const u = await buildUser();
    const live = await buildSession({ userId: u.id });
    await buildSession({ userId: u.id, expiresAt: new Date(Date.now() - 60_000) });
    await db().query(`INSERT INTO rate_limits (key, window_start, hits) VALUES ('old', now() - interval '2 days', 3), ('new', now(), 1)`);
    await sweep(silentLog);
    expect(await db().getRepository(Session).findBy({ userId: u.id })).toMatchObject([{ id: live.session.id }]);
    const keys: Array<{ key: string }> = await db().query(`SELECT key FROM rate_limits WHERE key IN ('old', 'new')`);
    expect(keys.map((k) => k.key)).toEqual(['new']);
  });
});
