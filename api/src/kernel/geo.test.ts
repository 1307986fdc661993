import { describe, expect, it } from 'vitest';
import { db } from './database';
import { COARSE_CELL_KM, coarsePosition, KM_PER_DEGREE } from './geo';
import { serverKey, sign, verify } from './server-keys';

/** Great-circle km on earthdistance's sphere. */
function km(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const r = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(r(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(r(a.latitude)) * Math.cos(r(b.latitude)) * Math.sin(r(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 6378.168 * Math.asin(Math.sqrt(h));
}
const random = () => ({ latitude: Math.random() * 170 - 85, longitude: Math.random() * 360 - 180 });

describe('coarsePosition', () => {
  it('answers the centre of a cell of about 1 km: within 0.71 km of the position, the same for every spot of the cell', () => {
    for (let i = 0; i < 2000; i++) {
      const p = random();
      const c = coarsePosition(p.latitude, p.longitude);
      expect(km(p, c)).toBeLessThanOrEqual(COARSE_CELL_KM * 0.71);
      expect(coarsePosition(c.latitude, c.longitude)).toEqual(c);
      expect(Math.round(c.latitude * 1e6) / 1e6).toBe(c.latitude);
    }
    // Two spots 300 m apart in one cell give one answer: nothing finer than the cell survives.
    const c = coarsePosition(-33.9249, 18.4241);
    const step = 0.3 / KM_PER_DEGREE;
    expect(coarsePosition(c.latitude - step, c.longitude)).toEqual(c);
    expect(coarsePosition(c.latitude + step, c.longitude + step)).toEqual(c);
  });

  it('takes a bigger cell when asked (e.g. 5 km), keeps positions valid at the poles and the date line', () => {
    const p = { latitude: -26.2041, longitude: 28.0473 };
    expect(km(p, coarsePosition(p.latitude, p.longitude, 5))).toBeLessThanOrEqual(5 * 0.71);
    for (const [lat, lng] of [
      [90, 180],
      [-90, -180],
      [89.9999, 179.9999],
      [0, 180],
      [0, -180],
    ]) {
      const c = coarsePosition(lat, lng);
      expect(c.latitude).toBeGreaterThanOrEqual(-90);
      expect(c.latitude).toBeLessThanOrEqual(90);
      expect(c.longitude).toBeGreaterThanOrEqual(-180);
      expect(c.longitude).toBeLessThanOrEqual(180);
    }
  });
});

describe('server keys', () => {
  it('signs with a key kept in the database (the same for every replica), and recognises only its own signatures', async () => {
    const key = await serverKey('geo-test');
    expect(key).toHaveLength(32);
    const [row] = await db().query(`SELECT value FROM app_meta WHERE key = 'server-key:geo-test'`);
    expect(Buffer.from(row.value, 'base64url')).toEqual(key);
    const mac = await sign('geo-test', 'hello');
    expect(await verify('geo-test', 'hello', mac)).toBe(true);
    expect(await verify('geo-test', 'hello!', mac)).toBe(false);
    expect(await verify('geo-test-other', 'hello', mac)).toBe(false);
    expect(await verify('geo-test', 'hello', mac.slice(1))).toBe(false);
  });
});
