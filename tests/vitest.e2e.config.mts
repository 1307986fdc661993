import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser journeys: headless Chromium against the built app (npm run build first). */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    // One PostgreSQL for the run: each file's app gets a copy of its migrated template database (shared-database.ts).
    globalSetup: ['tests/support/shared-database.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file starts its own server and browser; two files side by side keep both cores busy (the default,
    // cores - 1, runs one file at a time on a 2-core machine while it mostly waits on its browser and server).
    fileParallelism: true,
    maxWorkers: 2,
  },
});
