import express, { type RequestHandler } from 'express';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Public media (served at `/media/<key>`) and private files (CVs, vault documents: never served as they are). */
export type MediaArea = 'public' | 'private';

/** `<folder>/<uuid>.<ext>`: the only keys a store reads or writes, so no key can leave its folder or area. */
export const STORED_KEY = /^([a-z0-9-]+)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]+)$/i;

/**
 * Where stored files live: a folder on disk (the default) or two S3 buckets (MEDIA_S3_*), chosen once from the settings
 * by mediaStore() (kernel/media.ts). Everything that stores, reads, lists or serves a file goes through it; only the
 * disk implementation touches the file system.
 */
export interface MediaStore {
  readonly kind: 'disk' | 's3';
  /** At start: the folders or buckets are there and reachable; an Error that names the one that is not. */
  check(): Promise<void>;
  put(area: MediaArea, key: string, bytes: Buffer): Promise<void>;
  /** The whole file, or null when there is none. */
  read(area: MediaArea, key: string): Promise<Buffer | null>;
  /** The file as a stream, or null when there is none. */
  open(area: MediaArea, key: string): Promise<Readable | null>;
  exists(area: MediaArea, key: string): Promise<boolean>;
  /**
   * Removes files; never throws: a file that cannot be removed now is an orphan the housekeeping sweep removes later.
   */
  delete(area: MediaArea, keys: string[]): Promise<void>;
  /** The keys of the area's files last written (LastModified, mtime) before `before`. */
  listOlderThan(area: MediaArea, before: Date): Promise<string[]>;
  /**
   * Answers GET and HEAD of `/<key>` with a public file's bytes (ranges and conditional requests included), its
   * length, validators and MEDIA_CACHE_CONTROL; calls next() when there is no such file. The content type and the
   * security headers are the router's (kernel/media.ts).
   */
  servePublic(cacheControl: string): RequestHandler;
}

/** The default store: files under MEDIA_DIR (public) and PRIVATE_DIR (private), outside each other. */
export function diskMediaStore(roots: Record<MediaArea, string>): MediaStore {
  const file = (area: MediaArea, key: string) => (STORED_KEY.test(key) ? path.join(roots[area], key) : null);
  return {
    kind: 'disk',
    async check() {
      for (const dir of Object.values(roots)) await fs.promises.mkdir(dir, { recursive: true });
    },
    async put(area, key, bytes) {
      const f = file(area, key);
      if (!f) throw new Error(`not a stored file's key: ${key}`);
      await fs.promises.mkdir(path.dirname(f), { recursive: true });
      await fs.promises.writeFile(f, bytes);
    },
    async read(area, key) {
      const f = file(area, key);
      return f ? fs.promises.readFile(f).catch(() => null) : null;
    },
    async open(area, key) {
      const f = file(area, key);
      const handle = f ? await fs.promises.open(f, 'r').catch(() => null) : null;
      return handle ? handle.createReadStream() : null;
    },
    async exists(area, key) {
      const f = file(area, key);
      return !!f && !!(await fs.promises.stat(f).catch(() => null))?.isFile();
    },
    async delete(area, keys) {
      const files = keys.flatMap((k) => file(area, k) ?? []);
      await Promise.allSettled(files.map((f) => fs.promises.unlink(f)));
    },
    async listOlderThan(area, before) {
      const root = roots[area];
      const folders = await fs.promises.readdir(root, { withFileTypes: true }).catch(() => []);
      const keys: string[] = [];
      for (const folder of folders.filter((f) => f.isDirectory())) {
        for (const name of await fs.promises.readdir(path.join(root, folder.name)).catch(() => [])) {
          const key = `${folder.name}/${name}`;
          if (!STORED_KEY.test(key)) continue;
          const stat = await fs.promises.stat(path.join(root, key)).catch(() => null);
          if (stat?.isFile() && stat.mtime < before) keys.push(key);
        }
      }
      return keys;
    },
    servePublic(cacheControl) {
      fs.mkdirSync(roots.public, { recursive: true });
      // Not immutable: a file deleted with its post must stop being served by caches within minutes.
      return express.static(roots.public, {
        index: false,
        dotfiles: 'deny',
        fallthrough: true,
        cacheControl: false,
        setHeaders: (res) => res.setHeader('Cache-Control', cacheControl),
      });
    },
  };
}
