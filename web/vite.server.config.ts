import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The server's render of the first screen (src/app/server.tsx), for the API (api/src/web-app.ts): one ES module
 * with its libraries inside (no web/node_modules needed at run time), in dist-server/, beside the app's dist/.
 */
export default defineConfig({
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: {
    ssr: 'src/app/server.tsx',
    outDir: 'dist-server',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: { output: { entryFileNames: 'server.js' } },
  },
});
