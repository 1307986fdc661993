import { describe, expect, it } from 'vitest';
import { db } from '../kernel/database';
import { Session } from '../modules/auth/session.entity';
import { startSession } from '../modules/auth/session.service';
import { createUser, silentLog } from '../test/helpers';
import { sweep } from './housekeeping';

describe('housekeeping', () => {
  it('removes expired sessions and old rate-limit windows, keeps live ones', async () => {
    const u = await createUser();
    const live = await startSession(u.id, {});
    const old = await startSession(u.id, {});
    await db().query(`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE token_hash <> $1 AND user_id = $2`, [
      (await import('../modules/auth/tokens')).hashToken(live.token),
      u.id,
    ]);
    await db().query(`INSERT INTO rate_limits (key, window_start, hits) VALUES ('old', now() - interval '2 days', 3), ('new', now(), 1)`);
    await sweep(silentLog);
    expect(await db().getRepository(Session).countBy({ userId: u.id })).toBe(1);
    const keys: Array<{ key: string }> = await db().query(`SELECT key FROM rate_limits WHERE key IN ('old', 'new')`);
    expect(keys.map((k) => k.key)).toEqual(['new']);
    void old;
  });
});
