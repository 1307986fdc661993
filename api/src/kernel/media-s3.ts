import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
  type HeadObjectCommandOutput,
} from '@aws-sdk/client-s3';
import type { NextFunction, Request, Response } from 'express';
import { pipeline, type Readable } from 'node:stream';
import type { MediaS3Config } from '../config';
import { STORED_KEY, type MediaArea, type MediaStore } from './media-store';

/** The HTTP status an S3 call failed with (404 for a missing key or bucket), or undefined when it never got one. */
const statusOf = (err: unknown): number | undefined =>
  (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
const missing = (err: unknown) =>
  statusOf(err) === 404 || ['NoSuchKey', 'NotFound', 'NoSuchBucket'].includes((err as Error)?.name);

/**
 * One range of bytes (`bytes=a-b`, `bytes=a-`, `bytes=-n`) is passed on; several ranges, like a malformed one, get the
 * whole file.
 */
const SINGLE_RANGE = /^bytes=(\d+-\d*|-\d+)$/;

/**
 * The media store on S3 (or any S3-compatible store: MinIO, Ceph, R2...): public media in MEDIA_S3_BUCKET, private
 * files in MEDIA_S3_PRIVATE_BUCKET, both written without an ACL (so as private as the bucket; the app serves the
 * public ones itself at /media and never reads the private bucket but through readPrivate).
 */
export function s3MediaStore(config: MediaS3Config): MediaStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires one (DeleteObjects): the SDK's newer default (CRC32 on every upload, in
    // aws-chunked trailers for streams) is refused by several S3-compatible stores.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
  });
  const bucketOf = (area: MediaArea) => (area === 'public' ? config.bucket : config.privateBucket);

  async function get(area: MediaArea, key: string): Promise<GetObjectCommandOutput | null> {
    if (!STORED_KEY.test(key)) return null;
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucketOf(area), Key: key }));
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  return {
    kind: 's3',
    async check() {
      for (const bucket of [config.bucket, config.privateBucket]) {
        try {
          await client.send(new HeadBucketCommand({ Bucket: bucket }));
        } catch (err) {
          const why = missing(err)
            ? 'does not exist'
            : statusOf(err) === 403
              ? 'refuses these credentials'
              : `cannot be reached (${(err as Error).name}: ${(err as Error).message})`;
          throw new Error(
            `Media on S3: the bucket "${bucket}" at ${config.endpoint ?? `AWS S3 (${config.region})`} ${why}`,
          );
        }
      }
    },
    async put(area, key, bytes) {
      if (!STORED_KEY.test(key)) throw new Error(`not a stored file's key: ${key}`);
      // No ACL: an object is as private as its bucket.
      await client.send(
        new PutObjectCommand({ Bucket: bucketOf(area), Key: key, Body: bytes, ContentLength: bytes.length }),
      );
    },
    async read(area, key) {
      const out = await get(area, key);
      return out?.Body ? Buffer.from(await out.Body.transformToByteArray()) : null;
    },
    async open(area, key) {
      const out = await get(area, key);
      return out?.Body ? (out.Body as Readable) : null;
    },
    async exists(area, key) {
      if (!STORED_KEY.test(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucketOf(area), Key: key }));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async delete(area, keys) {
      const valid = [...new Set(keys)].filter((k) => STORED_KEY.test(k));
      for (let i = 0; i < valid.length; i += 1000) {
        const Objects = valid.slice(i, i + 1000).map((Key) => ({ Key }));
        await client
          .send(new DeleteObjectsCommand({ Bucket: bucketOf(area), Delete: { Objects, Quiet: true } }))
          .catch(() => undefined);
      }
    },
    async listOlderThan(area, before) {
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucketOf(area) })) {
        for (const o of page.Contents ?? []) {
          if (o.Key && STORED_KEY.test(o.Key) && o.LastModified && o.LastModified < before) keys.push(o.Key);
        }
      }
      return keys;
    },
    servePublic(cacheControl) {
      return (req, res, next) => {
        const key = req.path.slice(1);
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !STORED_KEY.test(key)) return next();
        serve(req, res, next, key, cacheControl).catch(next);
      };
    },
  };

  /** A public object streamed as express.static sends a file: 200 or 206, 304, 416, and next() when there is none. */
  async function serve(
    req: Request,
    res: Response,
    next: NextFunction,
    key: string,
    cacheControl: string,
  ): Promise<void> {
    const range = SINGLE_RANGE.test(req.headers.range ?? '') ? req.headers.range : undefined;
    const since = req.headers['if-modified-since'] ? new Date(req.headers['if-modified-since']) : undefined;
    const input = {
      Bucket: config.bucket,
      Key: key,
      Range: range,
      IfNoneMatch: req.headers['if-none-match'],
      IfModifiedSince: since && !Number.isNaN(since.getTime()) ? since : undefined,
    };
    let out: GetObjectCommandOutput | HeadObjectCommandOutput;
    try {
      out = await client.send(req.method === 'HEAD' ? new HeadObjectCommand(input) : new GetObjectCommand(input));
    } catch (err) {
      const status = statusOf(err);
      if (missing(err)) return next();
      if (status === 304) {
        res.status(304).setHeader('Cache-Control', cacheControl);
        res.end();
        return;
      }
      if (status === 416) {
        const head = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: key })).catch(() => null);
        if (!head) return next();
        res.status(416).setHeader('Content-Range', `bytes */${head.ContentLength ?? 0}`);
        res.end();
        return;
      }
      res.status(503).setHeader('Cache-Control', 'no-store');
      res.type('text').send('The media store is not available; try again shortly.');
      return;
    }
    const contentRange = 'ContentRange' in out ? out.ContentRange : undefined;
    res.status(contentRange ? 206 : 200);
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('Cache-Control', cacheControl);
    if (out.ContentLength !== undefined) res.setHeader('Content-Length', String(out.ContentLength));
    if (contentRange) res.setHeader('Content-Range', contentRange);
    if (out.ETag) res.setHeader('ETag', out.ETag);
    if (out.LastModified) res.setHeader('Last-Modified', out.LastModified.toUTCString());
    const body = 'Body' in out ? (out.Body as Readable | undefined) : undefined;
    if (!body) {
      res.end();
      return;
    }
    // A client that goes away ends the download from S3 too.
    pipeline(body, res, () => undefined);
  }
}
