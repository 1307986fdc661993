import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One object of the stub's store. */
export interface StubObject {
  body: Buffer;
  lastModified: Date;
  etag: string;
  /** The canned ACL it was written with (`x-amz-acl`), if any. */
  acl?: string;
  contentType?: string;
}

/** What the stub saw of one request. */
export interface StubRequest {
  method: string;
  bucket: string;
  key: string;
  query: string;
  /** Signed with the stub's credentials, and the signature verified. */
  signed: boolean;
  status: number;
}

export interface S3Stub {
  /** `http://127.0.0.1:<port>`: the MEDIA_S3_ENDPOINT (path-style). */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  buckets: Map<string, Map<string, StubObject>>;
  requests: StubRequest[];
  close(): Promise<void>;
}

/**
 * A small S3-compatible server for tests, on 127.0.0.1: path-style PutObject, GetObject (one range, If-None-Match,
 * If-Modified-Since), HeadObject, DeleteObject, DeleteObjects, ListObjectsV2 and HeadBucket. Every request must be
 * signed with AWS Signature Version 4 by its one key pair (the payload hash checked too), or it gets 403; the only
 * exception is an unsigned GET or HEAD of an object in a bucket named in `anonymousRead` (a bucket an operator opened
 * to a CDN, say), or of an object written with a public-read ACL.
 */
export async function startS3Stub(opts: {
  buckets: string[];
  anonymousRead?: string[];
  port?: number;
  region?: string;
}): Promise<S3Stub> {
  const stub: Omit<S3Stub, 'endpoint' | 'close'> = {
    region: opts.region ?? 'af-south-1',
    accessKeyId: `AKIASTUB${randomBytes(6).toString('hex').toUpperCase()}`,
    secretAccessKey: randomBytes(30).toString('base64'),
    buckets: new Map(opts.buckets.map((b) => [b, new Map()])),
    requests: [],
  };
  const anonymous = new Set(opts.anonymousRead ?? []);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const [rawPath, rawQuery = ''] = (req.url ?? '/').split('?', 2);
      const [bucket = '', ...rest] = rawPath.slice(1).split('/');
      const key = rest.map(decodeURIComponent).join('/');
      const seen: StubRequest = { method: req.method ?? '', bucket, key, query: rawQuery, signed: false, status: 0 };
      stub.requests.push(seen);
      const send = (status: number, headers: Record<string, string> = {}, payload?: Buffer | string) => {
        seen.status = status;
        res.writeHead(status, headers);
        res.end(req.method === 'HEAD' ? undefined : payload);
      };
      const error = (status: number, code: string, message = code) =>
        send(
          status,
          { 'content-type': 'application/xml' },
          `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${xml(message)}</Message></Error>`,
        );

      const auth = verify(req, rawPath, rawQuery, body, stub);
      if (auth === 'mismatch')
        return error(
          403,
          'SignatureDoesNotMatch',
          'The request signature we calculated does not match the signature you provided.',
        );
      if (auth === 'bad-payload') return error(400, 'XAmzContentSHA256Mismatch');
      seen.signed = auth === 'signed';
      const objects = stub.buckets.get(decodeURIComponent(bucket));
      const read = req.method === 'GET' || req.method === 'HEAD';
      if (!seen.signed) {
        const object = objects?.get(key);
        const allowed =
          read &&
          key !== '' &&
          (anonymous.has(bucket) || object?.acl === 'public-read' || object?.acl === 'public-read-write');
        if (!allowed) return error(403, 'AccessDenied', 'Access Denied');
      }
      if (!objects) return error(404, 'NoSuchBucket', 'The specified bucket does not exist');
      const query = new URLSearchParams(rawQuery);

      if (!key) {
        if (req.method === 'HEAD') return send(200);
        if (req.method === 'GET' && query.get('list-type') === '2')
          return send(200, { 'content-type': 'application/xml' }, list(bucket, objects, query));
        if (req.method === 'POST' && query.has('delete')) {
          const keys = [...body.toString('utf8').matchAll(/<Key>([\s\S]*?)<\/Key>/g)].map((m) => unxml(m[1]));
          for (const k of keys) objects.delete(k);
          const quiet = /<Quiet>true<\/Quiet>/.test(body.toString('utf8'));
          const deleted = quiet ? '' : keys.map((k) => `<Deleted><Key>${xml(k)}</Key></Deleted>`).join('');
          return send(
            200,
            { 'content-type': 'application/xml' },
            `<?xml version="1.0" encoding="UTF-8"?><DeleteResult ` +
              `xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${deleted}</DeleteResult>`,
          );
        }
        return error(501, 'NotImplemented');
      }
      if (req.method === 'PUT') {
        if (req.headers['x-amz-copy-source']) return error(501, 'NotImplemented');
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        const acl = req.headers['x-amz-acl'] as string | undefined;
        objects.set(key, {
          body,
          lastModified: new Date(Math.floor(Date.now() / 1000) * 1000),
          etag,
          acl,
          contentType: req.headers['content-type'],
        });
        return send(200, { etag });
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        return send(204);
      }
      if (!read) return error(405, 'MethodNotAllowed');
      const object = objects.get(key);
      if (!object)
        return req.method === 'HEAD' ? send(404) : error(404, 'NoSuchKey', 'The specified key does not exist.');
      const headers: Record<string, string> = {
        etag: object.etag,
        'last-modified': object.lastModified.toUTCString(),
        'accept-ranges': 'bytes',
        'content-type': object.contentType ?? 'binary/octet-stream',
      };
      const inm = req.headers['if-none-match'];
      const ims = req.headers['if-modified-since'] ? Date.parse(req.headers['if-modified-since']) : NaN;
      if (
        (inm &&
          inm
            .split(',')
            .map((t) => t.trim())
            .includes(object.etag)) ||
        (!inm && !Number.isNaN(ims) && object.lastModified.getTime() <= ims)
      ) {
        return send(304, { etag: object.etag, 'last-modified': headers['last-modified'] });
      }
      const size = object.body.length;
      const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
      if (range && (range[1] || range[2])) {
        let start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
        const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
        if (!range[1] && Number(range[2]) === 0) start = size;
        if (start >= size || start > end) return error(416, 'InvalidRange', 'The requested range is not satisfiable');
        const part = object.body.subarray(start, end + 1);
        return send(
          206,
          { ...headers, 'content-length': String(part.length), 'content-range': `bytes ${start}-${end}/${size}` },
          part,
        );
      }
      return send(200, { ...headers, 'content-length': String(size) }, object.body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', resolve);
  });
  return {
    ...stub,
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unxml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** ListObjectsV2: keys in order, `max-keys` a page, the continuation token the last key of the page before. */
function list(bucket: string, objects: Map<string, StubObject>, query: URLSearchParams): string {
  const prefix = query.get('prefix') ?? '';
  const max = Math.min(Number(query.get('max-keys') ?? 1000) || 1000, 1000);
  const after = query.get('continuation-token')
    ? Buffer.from(query.get('continuation-token')!, 'base64url').toString()
    : (query.get('start-after') ?? '');
  const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
  const page = keys.slice(0, max);
  const truncated = keys.length > max;
  const contents = page
    .map((k) => {
      const o = objects.get(k)!;
      return (
        `<Contents><Key>${xml(k)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified>` +
        `<ETag>${xml(o.etag)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`
      );
    })
    .join('');
  const next = truncated
    ? `<NextContinuationToken>${Buffer.from(page[page.length - 1]).toString('base64url')}</NextContinuationToken>`
    : '';
  return (
    `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult ` +
    `xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xml(bucket)}</Name><Prefix>${xml(prefix)}</Prefix>` +
    `<KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
    `${contents}${next}</ListBucketResult>`
  );
}

/** RFC 3986 encoding, as SigV4's canonical query string wants it. */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * Checks a request's AWS Signature Version 4 (the Authorization header form): 'anonymous' when it carries none,
 * 'signed' when the signature is the one the stub's secret gives, 'mismatch' otherwise (wrong key, wrong secret,
 * altered request, a date more than 15 minutes off), 'bad-payload' when the body is not the one signed.
 */
function verify(
  req: http.IncomingMessage,
  rawPath: string,
  rawQuery: string,
  body: Buffer,
  stub: Pick<S3Stub, 'accessKeyId' | 'secretAccessKey' | 'region'>,
): 'anonymous' | 'signed' | 'mismatch' | 'bad-payload' {
  const authorization = req.headers.authorization;
  if (!authorization) return /(^|&)X-Amz-Signature=/i.test(rawQuery) ? 'mismatch' : 'anonymous';
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!m) return 'mismatch';
  const [, accessKeyId, day, region, signedHeaders, signature] = m;
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const when = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (accessKeyId !== stub.accessKeyId || region !== stub.region || !when || amzDate.slice(0, 8) !== day)
    return 'mismatch';
  const at = Date.UTC(+when[1], +when[2] - 1, +when[3], +when[4], +when[5], +when[6]);
  if (Math.abs(Date.now() - at) > 15 * 60_000) return 'mismatch';
  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date') || !names.includes('x-amz-content-sha256'))
    return 'mismatch';
  const payloadHash = String(req.headers['x-amz-content-sha256']);
  const canonicalQuery = rawQuery
    .split('&')
    .filter(Boolean)
    .map((p) => {
      const [k, v = ''] = p.split('=', 2);
      return [encode(decodeURIComponent(k)), encode(decodeURIComponent(v))] as const;
    })
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalHeaders = names
    .map(
      (n) =>
        `${n}:${String(req.headers[n] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [req.method, rawPath, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join(
    '\n',
  );
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${stub.secretAccessKey}`, day), region), 's3'), 'aws4_request');
  const expected = Buffer.from(createHmac('sha256', key).update(stringToSign).digest('hex'));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return 'mismatch';
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'bad-payload';
  return 'signed';
}
