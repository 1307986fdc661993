import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // One graphql module for TypeGraphQL and the tests (see STACK.md).
    alias: { graphql: require.resolve('graphql/index.js') },
  },
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Both cores (the default leaves one idle on a 2-core machine); each file has its own database (setup.ts).
    // Files stay isolated: some modules keep per-process state (compiled queries, counters) that tests read.
    maxWorkers: 2,
  },
});
