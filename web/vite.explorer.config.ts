import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { precompress } from './vite.config.ts';

/** The GraphQL explorer's page and assets, added to the app's dist/ after its build (see vite.config.ts). */
export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    // GraphiQL with its Monaco editor and workers: large, and loaded only by /graphql opened in a browser.
    chunkSizeWarningLimit: 6000,
    rolldownOptions: { input: { graphiql: path.resolve(import.meta.dirname, 'graphiql.html') } },
  },
});
