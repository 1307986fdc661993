import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Self-test of the dependency rules (.dependency-cruiser.cjs) on fixture trees; part of `npm run lint:deps`. */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/deps/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
