import { afterEach, describe, expect, test, vi } from 'vitest';
import { loadConfig } from './config';

describe('allowed origins', () => {
  afterEach(() => vi.unstubAllEnvs());

  test('the Vite dev server origin is trusted under `npm run dev` only, not merely outside production', () => {
    vi.stubEnv('CORS_ORIGINS', '');
    vi.stubEnv('PUBLIC_URL', 'http://localhost:3000');
    vi.stubEnv('NODE_ENV', '');
    vi.stubEnv('SAFFA_DEV_SERVER', '');
    expect(loadConfig().allowedOrigins).toEqual(['http://localhost:3000']);
    vi.stubEnv('SAFFA_DEV_SERVER', '1');
    expect(loadConfig().allowedOrigins).toEqual(['http://localhost:3000', 'http://localhost:5173']);
    vi.stubEnv('NODE_ENV', 'production');
    expect(loadConfig().allowedOrigins).toEqual(['http://localhost:3000']);
  });
});

describe('media on S3 (MEDIA_S3_*)', () => {
  afterEach(() => vi.unstubAllEnvs());
  const S3 = [
    'ENDPOINT',
    'REGION',
    'BUCKET',
    'PRIVATE_BUCKET',
    'ACCESS_KEY_ID',
    'SECRET_ACCESS_KEY',
    'FORCE_PATH_STYLE',
  ];
  const env = (vars: Record<string, string>) => {
    for (const n of S3) vi.stubEnv(`MEDIA_S3_${n}`, vars[n] ?? '');
  };

  test('no MEDIA_S3_* variable: files stay on disk', () => {
    env({});
    expect(loadConfig().mediaS3).toBeNull();
  });

  test('a complete configuration: both buckets, the endpoint path-style by default, the key pair', () => {
    env({
      ENDPOINT: 'http://minio:9000/',
      BUCKET: 'saffa-media',
      PRIVATE_BUCKET: 'saffa-private',
      ACCESS_KEY_ID: 'saffa',
      SECRET_ACCESS_KEY: 'secret',
    });
    expect(loadConfig().mediaS3).toEqual({
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'saffa-media',
      privateBucket: 'saffa-private',
      credentials: { accessKeyId: 'saffa', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    // AWS itself: no endpoint, virtual-hosted addresses, the default credentials (an instance role, say).
    env({ REGION: 'af-south-1', BUCKET: 'saffa-media', PRIVATE_BUCKET: 'saffa-private' });
    expect(loadConfig().mediaS3).toMatchObject({
      endpoint: undefined,
      region: 'af-south-1',
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  test('half a configuration stops the start with an error that says what is missing', () => {
    env({ ENDPOINT: 'http://minio:9000' });
    expect(() => loadConfig()).toThrow('MEDIA_S3_ENDPOINT is set but MEDIA_S3_BUCKET is not');
    env({ BUCKET: 'saffa-media' });
    expect(() => loadConfig()).toThrow('MEDIA_S3_BUCKET is set but MEDIA_S3_PRIVATE_BUCKET is not');
    env({ BUCKET: 'saffa-media', PRIVATE_BUCKET: 'saffa-media' });
    expect(() => loadConfig()).toThrow('MEDIA_S3_PRIVATE_BUCKET must not be MEDIA_S3_BUCKET');
    env({ BUCKET: 'Saffa_Media', PRIVATE_BUCKET: 'saffa-private' });
    expect(() => loadConfig()).toThrow('"Saffa_Media" is not a valid bucket name');
    env({ BUCKET: 'saffa-media', PRIVATE_BUCKET: 'saffa-private', ENDPOINT: 'minio:9000' });
    expect(() => loadConfig()).toThrow('MEDIA_S3_ENDPOINT must be an http(s) URL');
    env({ BUCKET: 'saffa-media', PRIVATE_BUCKET: 'saffa-private', ACCESS_KEY_ID: 'saffa' });
    expect(() => loadConfig()).toThrow('MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together');
  });
});
