import express, { Router } from 'express';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { settings } from './settings';

/** How long a browser or proxy may keep a stored file before asking again: deletion reaches caches this quickly. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=300, must-revalidate';

/**
 * Serves stored media with its content type, never sniffed, and a sandboxing CSP so an uploaded
 * SVG or HTML file cannot run script on this origin.
 */
export function mediaRouter(dir: string): Router {
  fs.mkdirSync(dir, { recursive: true });
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox");
    next();
  });
  // Not immutable: a file deleted with its post must stop being served by caches within minutes.
  router.use(
    express.static(dir, {
      index: false,
      dotfiles: 'deny',
      fallthrough: true,
      cacheControl: false,
      setHeaders: (res) => res.setHeader('Cache-Control', MEDIA_CACHE_CONTROL),
    }),
  );
  router.use((_req, res) => res.status(404).setHeader('Cache-Control', 'no-store').type('text').send('Not found'));
  return router;
}

/**
 * The media store: bytes go to a file under MEDIA_DIR (an S3-compatible store can take its place behind
 * this function), the row keeps only the returned URL.
 */
export async function storeMedia(bytes: Buffer, opts: { folder: string; ext: string }): Promise<string> {
  const folder = opts.folder.replace(/[^a-z0-9-]/gi, '');
  const ext = opts.ext.replace(/[^a-z0-9]/gi, '').toLowerCase();
  const dir = path.join(settings().mediaDir, folder);
  await fs.promises.mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${ext}`;
  await fs.promises.writeFile(path.join(dir, name), bytes);
  return `/media/${folder}/${name}`;
}

/** `/media/<folder>/<uuid>.<ext>` as storeMedia answers it; anything else is no file of the store. */
const STORED_URL = /^\/media\/([a-z0-9-]+)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]+)$/i;

/**
 * Removes stored files by their URLs (those that are not the store's are left alone). Never throws: a file
 * that cannot be removed now is an orphan the housekeeping sweep removes later.
 */
export async function deleteMedia(urls: Iterable<string | null | undefined>): Promise<void> {
  const files = [...new Set(urls)].flatMap((url) => {
    const file = url ? mediaPath(url) : null;
    return file ? [file] : [];
  });
  await Promise.allSettled(files.map((f) => fs.promises.unlink(f)));
}

/** Where the media store keeps the file a stored URL names, or null when the URL is not the store's. */
export function mediaPath(url: string): string | null {
  const m = STORED_URL.exec(url);
  return m ? path.join(settings().mediaDir, m[1], m[2]) : null;
}

/** The URLs of stored files last written before `before`, folder by folder. */
export async function listMedia(before: Date): Promise<string[]> {
  const root = settings().mediaDir;
  const folders = await fs.promises.readdir(root, { withFileTypes: true }).catch(() => []);
  const urls: string[] = [];
  for (const folder of folders.filter((f) => f.isDirectory())) {
    for (const name of await fs.promises.readdir(path.join(root, folder.name))) {
      const url = `/media/${folder.name}/${name}`;
      if (!STORED_URL.test(url)) continue;
      const stat = await fs.promises.stat(path.join(root, folder.name, name)).catch(() => null);
      if (stat?.isFile() && stat.mtime < before) urls.push(url);
    }
  }
  return urls;
}

/** `<folder>/<uuid>.<ext>` as storePrivate answers it. */
const PRIVATE_KEY = /^([a-z0-9-]+)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]+)$/i;

/** Where the private store keeps the file a key names, or null when the key is not the store's. */
export const privatePath = (key: string): string | null => {
  const m = PRIVATE_KEY.exec(key);
  return m ? path.join(settings().privateDir, m[1], m[2]) : null;
};

/**
 * The private store: files (CVs) that must never get a public URL. Bytes go under PRIVATE_DIR, outside MEDIA_DIR,
 * and the row keeps the returned key; only a route that asks the owning module's policy reads them back.
 */
export async function storePrivate(bytes: Buffer, opts: { folder: string; ext: string }): Promise<string> {
  const folder = opts.folder.replace(/[^a-z0-9-]/gi, '');
  const ext = opts.ext.replace(/[^a-z0-9]/gi, '').toLowerCase();
  const dir = path.join(settings().privateDir, folder);
  await fs.promises.mkdir(dir, { recursive: true });
  const key = `${folder}/${randomUUID()}.${ext}`;
  await fs.promises.writeFile(path.join(dir, key.slice(folder.length + 1)), bytes);
  return key;
}

/** A private file's bytes by its key, or null when there is none. */
export async function readPrivate(key: string): Promise<Buffer | null> {
  const file = privatePath(key);
  return file ? fs.promises.readFile(file).catch(() => null) : null;
}

/** Removes private files by their keys; never throws. */
export async function deletePrivate(keys: Iterable<string | null | undefined>): Promise<void> {
  const files = [...new Set(keys)].flatMap((k) => (k ? [privatePath(k)] : [])).filter((f): f is string => !!f);
  await Promise.allSettled(files.map((f) => fs.promises.unlink(f)));
}
