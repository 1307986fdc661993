import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The benchmarks (not part of npm test): `npm run bench` (tests/bench/run.mjs) runs this config after `npm run build`.
 * One embedded PostgreSQL with the seeded bench data for the whole run (support/global-setup.ts); the files run one
 * after another, so they do not measure each other.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/bench/**/*.bench.ts'],
    globalSetup: ['tests/bench/support/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 900_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    maxWorkers: 1,
  },
});
