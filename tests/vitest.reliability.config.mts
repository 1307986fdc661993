import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Reliability tests: faults a production server meets (a database frozen, stopped or unreachable, signals,
 * concurrent starts), against the built server. They pause and stop PostgreSQL processes, so files run one at a time.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/reliability/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
