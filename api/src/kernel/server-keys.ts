import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { db } from './database';

/**
 * Keys only the server knows, for what it signs and must recognise later (a page cursor it issued) or keys hashes
 * with (an order that must reveal nothing). Each is 32 random bytes made on first use and kept in `app_meta` under
 * `server-key:<name>`, so every API replica uses the same one (the first to insert wins; the others read it) and a
 * restart keeps it. Cached per process after the first read. Never sent to a client, never exported.
 */
const cache = new Map<string, Promise<Buffer>>();

export function serverKey(name: string): Promise<Buffer> {
  let key = cache.get(name);
  if (!key) {
    key = load(name);
    cache.set(name, key);
    key.catch(() => cache.delete(name));
  }
  return key;
}

async function load(name: string): Promise<Buffer> {
  // Two replicas making the key at once: the second's statement may not see the first's row yet (its snapshot
  // predates the commit it waited for); it reads it again.
  const [row] = (await db().query(
    `WITH made AS (INSERT INTO app_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING value)
     SELECT value FROM made UNION ALL SELECT value FROM app_meta WHERE key = $1 LIMIT 1`,
    [`server-key:${name}`, randomBytes(32).toString('base64url')],
  )) as Array<{ value: string }>;
  if (!row) return load(name);
  return Buffer.from(row.value, 'base64url');
}

/** A MAC of `message` under server key `name` (HMAC-SHA256, 128 bits, base64url). */
export async function sign(name: string, message: string): Promise<string> {
  return createHmac('sha256', await serverKey(name))
    .update(message)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** Whether `mac` is `sign(name, message)`, in constant time. */
export async function verify(name: string, message: string, mac: string): Promise<boolean> {
  const expected = Buffer.from(await sign(name, message));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
