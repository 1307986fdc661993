import { Router } from 'express';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { MediaS3Config } from '../config';
import { s3MediaStore } from './media-s3';
import { diskMediaStore, STORED_KEY, type MediaStore } from './media-store';
import { settings } from './settings';

/** How long a browser or proxy may keep a stored file before asking again: deletion reaches caches this quickly. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=300, must-revalidate';

/**
 * Serves stored media with its content type (from the file's extension, never sniffed nor taken from the store),
 * and a sandboxing CSP so an uploaded SVG or HTML file cannot run script on this origin. Only the public area is
 * reachable here: private files (CVs, vault documents) are in another folder or bucket the router never reads.
 */
export function mediaRouter(store: MediaStore = mediaStore()): Router {
  const router = Router();
  router.use((req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
    const ext = path.extname(req.path).slice(1);
    if (ext) res.type(ext);
    next();
  });
  router.use(store.servePublic(MEDIA_CACHE_CONTROL));
  router.use((_req, res) => res.status(404).setHeader('Cache-Control', 'no-store').type('text').send('Not found'));
  return router;
}

let chosen: { s3: MediaS3Config | null; mediaDir: string; privateDir: string; store: MediaStore } | null = null;

/**
 * The store the settings name (MEDIA_S3_* set: S3; otherwise MEDIA_DIR and PRIVATE_DIR), made once per configuration.
 */
export function mediaStore(): MediaStore {
  const { mediaS3, mediaDir, privateDir } = settings();
  if (!chosen || chosen.s3 !== mediaS3 || chosen.mediaDir !== mediaDir || chosen.privateDir !== privateDir) {
    const store = mediaS3 ? s3MediaStore(mediaS3) : diskMediaStore({ public: mediaDir, private: privateDir });
    chosen = { s3: mediaS3, mediaDir, privateDir, store };
  }
  return chosen.store;
}

const clean = (opts: { folder: string; ext: string }) => ({
  folder: opts.folder.replace(/[^a-z0-9-]/gi, ''),
  ext: opts.ext.replace(/[^a-z0-9]/gi, '').toLowerCase(),
});

/** The media store: bytes go to the store's public area, the row keeps only the returned URL. */
export async function storeMedia(bytes: Buffer, opts: { folder: string; ext: string }): Promise<string> {
  const { folder, ext } = clean(opts);
  const key = `${folder}/${randomUUID()}.${ext}`;
  await mediaStore().put('public', key, bytes);
  return `/media/${key}`;
}

/**
 * The store's key of a stored URL (`/media/<folder>/<uuid>.<ext>`, as storeMedia answers it), or null when the URL is
 * not the store's.
 */
export function mediaKey(url: string): string | null {
  const key = url.startsWith('/media/') ? url.slice('/media/'.length) : '';
  return STORED_KEY.test(key) ? key : null;
}

/**
 * Removes stored files by their URLs (those that are not the store's are left alone). Never throws: a file
 * that cannot be removed now is an orphan the housekeeping sweep removes later.
 */
export async function deleteMedia(urls: Iterable<string | null | undefined>): Promise<void> {
  const keys = [...new Set(urls)].flatMap((url) => (url ? (mediaKey(url) ?? []) : []));
  if (keys.length) await mediaStore().delete('public', keys);
}

/**
 * Where the disk store keeps the file a stored URL names, or null when the URL is not the store's (tests look there).
 */
export function mediaPath(url: string): string | null {
  const key = mediaKey(url);
  return key ? path.join(settings().mediaDir, key) : null;
}

/** The URLs of stored files last written before `before`. */
export async function listMedia(before: Date): Promise<string[]> {
  return (await mediaStore().listOlderThan('public', before)).map((key) => `/media/${key}`);
}

/**
 * Where the disk store keeps the private file a key names, or null when the key is not the store's (tests look there).
 */
export const privatePath = (key: string): string | null =>
  STORED_KEY.test(key) ? path.join(settings().privateDir, key) : null;

/**
 * The private store: files (CVs, vault documents) that must never get a public URL. Bytes go to the store's private
 * area (PRIVATE_DIR, outside MEDIA_DIR; or MEDIA_S3_PRIVATE_BUCKET), the row keeps the returned key; only a route
 * that asks the owning module's policy reads them back.
 */
export async function storePrivate(bytes: Buffer, opts: { folder: string; ext: string }): Promise<string> {
  const { folder, ext } = clean(opts);
  const key = `${folder}/${randomUUID()}.${ext}`;
  await mediaStore().put('private', key, bytes);
  return key;
}

/** A private file's bytes by its key, or null when there is none. */
export async function readPrivate(key: string): Promise<Buffer | null> {
  return mediaStore().read('private', key);
}

/** Removes private files by their keys; never throws. */
export async function deletePrivate(keys: Iterable<string | null | undefined>): Promise<void> {
  const valid = [...new Set(keys)].filter((k): k is string => !!k && STORED_KEY.test(k));
  if (valid.length) await mediaStore().delete('private', valid);
}

/**
 * A stored file for an archive: a public URL (`/media/...`) or a private key; null when the store does not hold it.
 * `open` streams it when the archive reaches it.
 */
export async function storedFile(
  ref: { url: string } | { privateKey: string },
): Promise<{ open: () => Promise<Readable> } | null> {
  const [area, key] =
    'url' in ref
      ? (['public', mediaKey(ref.url)] as const)
      : (['private', STORED_KEY.test(ref.privateKey) ? ref.privateKey : null] as const);
  if (!key || !(await mediaStore().exists(area, key))) return null;
  return {
    open: async () => {
      const stream = await mediaStore().open(area, key);
      if (!stream) throw new Error(`the stored file ${key} is gone`);
      return stream;
    },
  };
}
