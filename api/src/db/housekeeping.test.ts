import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { db } from '../kernel/database';
import { storeMedia } from '../kernel/media';
import { settings } from '../kernel/settings';
import { Session } from '../modules/auth/session.entity';
import { buildPost, buildRadarPosition, buildSession, buildUser, buildWebhookDelivery } from '../test/factories';
import { silentLog } from '../test/helpers';
import { LINK_COLUMNS, MEDIA_COLUMNS, MEDIA_GRACE_MS, RECORD_COLUMNS, sweep, sweepMedia } from './housekeeping';

const fileOf = (url: string) => path.join(settings().mediaDir, url.replace('/media/', ''));
/** A stored file last written `ageMs` ago. */
async function storedFile(folder: string, ageMs: number): Promise<string> {
  const url = await storeMedia(Buffer.from('x'), { folder, ext: 'jpg' });
  const then = new Date(Date.now() - ageMs);
  fs.utimesSync(fileOf(url), then, then);
  return url;
}

describe('housekeeping', () => {
  it('removes expired sessions, old rate-limit windows, idempotency keys and radar positions older than a day, keeps live ones', async () => {
    const u = await buildUser();
    const live = await buildSession({ memberId: u.id });
    await buildSession({ memberId: u.id, expiresAt: new Date(Date.now() - 60_000) });
    await db().query(
      `INSERT INTO rate_limits (key, window_start, hits) VALUES ('old', now() - interval '2 days', 3), ('new', ` +
        `now(), 1)`,
    );
    await db().query(
      `INSERT INTO idempotency_keys (member_id, operation, key, result_id, created_at)
       VALUES ($1, 'createPost', 'old', $1, now() - interval '25 hours'), ($1, 'createPost', 'new', $1, now())`,
      [u.id],
    );
    const stale = await buildUser();
    await buildRadarPosition({
      memberId: stale.id,
      latitude: -33.9,
      longitude: 18.4,
      locatedAt: new Date(Date.now() - 25 * 3_600_000),
    });
    await buildRadarPosition({ memberId: u.id, latitude: -33.9, longitude: 18.4 });
    await sweep(silentLog);
    expect(await db().getRepository(Session).findBy({ memberId: u.id })).toMatchObject([{ id: live.session.id }]);
    const positions: Array<{ member_id: string }> = await db().query(
      `SELECT member_id FROM radar_positions WHERE member_id IN ($1, $2)`,
      [stale.id, u.id],
    );
    expect(positions, 'a position older than a day is gone, a fresh one stays').toEqual([{ member_id: u.id }]);
    expect(await db().query(`SELECT key FROM idempotency_keys WHERE member_id = $1`, [u.id])).toEqual([{ key: 'new' }]);
    const keys: Array<{ key: string }> = await db().query(`SELECT key FROM rate_limits WHERE key IN ('old', 'new')`);
    expect(keys.map((k) => k.key)).toEqual(['new']);
  });

  it('removes finished webhook deliveries older than 30 days; keeps recent ones and every pending one', async () => {
    const old = new Date(Date.now() - 31 * 86_400_000);
    const [oldDone, oldFailed, oldPending, recentDone] = await Promise.all([
      buildWebhookDelivery({ status: 'succeeded' as never, createdAt: old }),
      buildWebhookDelivery({ status: 'failed' as never, createdAt: old }),
      buildWebhookDelivery({ createdAt: old }),
      buildWebhookDelivery({ status: 'succeeded' as never }),
    ]);
    await sweep(silentLog);
    const left: Array<{ id: string }> = await db().query('SELECT id FROM webhook_deliveries WHERE id = ANY($1)', [
      [oldDone.id, oldFailed.id, oldPending.id, recentDone.id],
    ]);
    expect(left.map((r) => r.id).sort()).toEqual([oldPending.id, recentDone.id].sort());
  });

  it('sweeps stored files no row refers to once they are older than the grace period, keeps every referenced one', async () => {
    const old = MEDIA_GRACE_MS + 60_000;
    const orphan = await storedFile('images', old);
    const fresh = await storedFile('images', 60_000); // a post still being written
    const [photo, thumb, variant, video, avatar] = await Promise.all([
      storedFile('images', old),
      storedFile('thumbs', old),
      storedFile('images', old),
      storedFile('videos', old),
      storedFile('avatars', old),
    ]);
    await buildPost({
      images: [
        {
          url: photo,
          thumbnailUrl: thumb,
          width: 1,
          height: 1,
          variants: [{ url: variant, width: 1, height: 1, mimeType: 'image/webp' }],
        },
      ],
    });
    await buildPost({ videoUrl: video });
    await buildUser({ profileImageUrl: avatar });
    expect(await sweepMedia()).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(fileOf(orphan))).toBe(false);
    expect([fresh, photo, thumb, variant, video, avatar].filter((url) => !fs.existsSync(fileOf(url)))).toEqual([]);
  });

  it('knows every column that can hold a stored file (a new one must be listed, or its files would be swept)', async () => {
    const columns: Array<{ table: string; column: string }> = await db().query(
      `SELECT table_name AS table, column_name AS column FROM information_schema.columns
       WHERE table_schema = 'public' AND (column_name LIKE '%\\_url' OR data_type IN ('json', 'jsonb')) ORDER BY 1, 2`,
    );
    const listed = [...MEDIA_COLUMNS, ...LINK_COLUMNS, ...RECORD_COLUMNS].map(([t, c]) => `${t}.${c}`);
    expect(columns.map((c) => `${c.table}.${c.column}`).filter((c) => !listed.includes(c))).toEqual([]);
  });
});
