import { Algorithm, hash, hashRaw, verify } from '@node-rs/argon2';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The vault's cryptography, in one place.
 *
 * - The password is never stored. `verifier` is its argon2id hash (PHC string, own random salt), to tell a wrong
 *   password with a clear message.
 * - Each member's vault has one random 256-bit data key. It is stored only sealed ("wrapped") under a key derived
 *   from the password: argon2id raw output (32 bytes) with its own random salt (`kekSalt`). Changing the password
 *   rotates the data key: every document is opened with the old key and sealed again with a new one, which is
 *   wrapped under the new password's key (vault.service `changeVaultPassword`).
 * - Each document's file is sealed with AES-256-GCM under the data key, with a fresh random 96-bit nonce and the
 *   document's id and owner as authenticated data (a file moved to another row does not open).
 * - An unlocked vault keeps the data key sealed under a key derived (HKDF-SHA256) from the session's raw cookie token,
 *   which the database never holds (vault-unlock.entity.ts).
 */

const ARGON = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };
/** The first byte of everything sealed here: the format, so another can follow. */
const VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export const makeVerifier = (password: string) => hash(password, ARGON);
export const checkVerifier = (verifier: string, password: string) => verify(verifier, password).catch(() => false);

export const newSalt = () => randomBytes(16);
export const newDataKey = () => randomBytes(32);

/** The key-encryption key of a password: argon2id raw hash, 32 bytes, with the vault's own salt. */
export const passwordKey = (password: string, salt: Buffer) => hashRaw(password, { ...ARGON, salt, outputLen: 32 });

/** The key that seals the data key for one session: HKDF-SHA256 of the raw session token, salted by the session id. */
export const sessionKey = (token: string, sessionId: string) =>
  Buffer.from(
    hkdfSync('sha256', Buffer.from(token, 'utf8'), Buffer.from(sessionId, 'utf8'), 'saffa vault unlock v1', 32),
  );

/** AES-256-GCM: version byte, nonce, ciphertext, tag. `aad` is authenticated, not stored. */
export function seal(key: Buffer, plain: Buffer, aad: string): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), nonce, body, cipher.getAuthTag()]);
}

/** Opens what `seal` made with the same key and `aad`; null when the key, the aad or a byte is wrong. */
export function open(key: Buffer, sealed: Buffer, aad: string): Buffer | null {
  if (sealed.length < 1 + NONCE_BYTES + TAG_BYTES || sealed[0] !== VERSION) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 1 + NONCE_BYTES));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(sealed.subarray(1 + NONCE_BYTES, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    return null;
  }
}
