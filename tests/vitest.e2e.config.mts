import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser journeys: headless Chromium against the built app (npm run build first). */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file starts its own server and browser.
    fileParallelism: true,
  },
});
