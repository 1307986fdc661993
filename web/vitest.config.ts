import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      css: false,
      restoreMocks: true,
      // Files share their worker's loaded modules (each still gets a fresh jsdom): importing Chakra and the app for
      // every file cost more than the tests themselves (8.5 min against 2 min). So no file may replace a module
      // with vi.mock: spy on an object instead (e.g. lib/navigation's pageNavigation), which restoreMocks undoes.
      isolate: false,
      // Both cores: the default leaves one idle on a 2-core machine.
      maxWorkers: 2,
      // Interaction tests take ~1 s on a quiet machine; a shared 2-core machine under load can make that 5 s or more.
      testTimeout: 20_000,
    },
  }),
);
