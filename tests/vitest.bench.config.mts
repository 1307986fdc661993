import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser benchmarks (not part of npm test): `npm run bench:web` after `npm run build`. */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/bench/**/*.bench.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 600_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
