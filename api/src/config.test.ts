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
