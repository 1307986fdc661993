import { describe, expect, it } from 'vitest';
import { db } from '../kernel/database';
import { coarsePosition } from '../kernel/geo';
import { coarsenStoredSql } from './migrations/1795820000000-LocationPrecision';

const random = () => ({ latitude: Math.random() * 170 - 85, longitude: Math.random() * 360 - 180 });

describe('migration LocationPrecision', () => {
  it('coarsens stored positions (listings and groups kept 6 decimals) exactly as kernel/geo coarsePosition does', async () => {
    const table = `geo_test_${Math.random().toString(36).slice(2, 10)}`;
    const points = [
      ...Array.from({ length: 500 }, random),
      { latitude: -33.924868, longitude: 18.424055 },
      { latitude: 90, longitude: 180 },
    ];
    await db().query(`CREATE TABLE ${table} (n int PRIMARY KEY, latitude float8 NOT NULL, longitude float8 NOT NULL)`);
    try {
      await db().query(`INSERT INTO ${table} SELECT * FROM unnest($1::int[], $2::float8[], $3::float8[])`, [
        points.map((_, i) => i),
        points.map((p) => p.latitude),
        points.map((p) => p.longitude),
      ]);
      await db().query(coarsenStoredSql(table));
      const rows: Array<{ n: number; latitude: number; longitude: number }> = await db().query(
        `SELECT n, latitude, longitude FROM ${table} ORDER BY n`,
      );
      expect(rows.map((r) => ({ latitude: r.latitude, longitude: r.longitude }))).toEqual(
        points.map((p) => coarsePosition(p.latitude, p.longitude)),
      );
    } finally {
      await db().query(`DROP TABLE ${table}`);
    }
  });
});
