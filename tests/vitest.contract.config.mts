import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Contract tests: each documented /api path, called the way an external client calls it, against the built server. */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/contract/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Every file starts its own servers (own database, own ports): files may run side by side.
    fileParallelism: true,
    // Both cores: the default (cores - 1) runs one file at a time on a 2-core machine.
    maxWorkers: 2,
  },
});
