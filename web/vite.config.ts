import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // React, Chakra and Apollo make up the initial chunk (about 230 kB gzipped); every screen is lazy.
    chunkSizeWarningLimit: 1000,
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: api, ws: true },
      '/api': { target: api },
      '/media': { target: api },
      '/healthz': { target: api },
    },
  },
});
