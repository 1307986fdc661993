import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Self-tests of the machine-checked rules on fixtures: the dependency rules (.dependency-cruiser.cjs) and the
 * restricted patterns of eslint.config.mjs; part of `npm run lint:deps`.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/deps/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
