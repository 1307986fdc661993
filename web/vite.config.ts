import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { preloadManifest } from './src/app/preload.ts';

const api = 'http://localhost:3000';

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, at the strongest settings,
 * when smaller: the server sends the one the browser accepts without compressing anything per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'saffa-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      for (const name of fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
        if (!/\.(js|mjs|css|html|svg|json|txt|webmanifest)$/.test(name)) continue;
        const file = path.join(outDir, name);
        const bytes = fs.readFileSync(file);
        const br = zlib.brotliCompressSync(bytes, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        });
        const gz = zlib.gzipSync(bytes, { level: 9 });
        if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * Writes dist/preload.json: the queries the server answers inside index.html for a signed-in visit (the session
 * and the first screen's first page, src/app/preload.ts), printed as the client's cache reads them.
 */
function preloadQueries(): Plugin {
  return {
    name: 'saffa-preload-queries',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'preload.json',
        source: `${JSON.stringify(preloadManifest(), null, 2)}\n`,
      });
    },
  };
}

/**
 * The lazy modules a signed-in member's first screen (the home feed) needs at once. Their chunks are preloaded from
 * index.html, in parallel with the main scripts, instead of one round trip after another once the session is known
 * (each round trip is more than half a second on a slow line).
 */
const FIRST_SCREEN = ['src/shell/SignedInLayout.tsx', 'src/features/feed/FeedScreen.tsx'];

function preloadFirstScreen(): Plugin {
  return {
    name: 'saffa-preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const wanted = new Set<string>();
        const add = (file: string) => {
          if (wanted.has(file)) return;
          wanted.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) add(dep);
        };
        for (const module of FIRST_SCREEN) {
          const chunk = chunks.find((c) =>
            c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(`/web/${module}`)),
          );
          if (!chunk)
            this.error(`first-screen module ${module} is in no chunk: update FIRST_SCREEN in web/vite.config.ts`);
          add(chunk.fileName);
        }
        const links = [...wanted]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`);
        return html.replace('</head>', `${links.join('\n')}\n  </head>`);
      },
    },
  };
}

/**
 * Chunks for a slow line, where each request costs a round trip and a browser opens six connections per server:
 * - `vendor`: the libraries every screen runs on (React, the router, Apollo, Chakra). They change far less often
 *   than the app, so browsers keep them across deploys (hashed names, cached for a year).
 * - `first-screen`: the signed-in layout and the home feed with what they use, in one file, preloaded with the
 *   main script (see FIRST_SCREEN) instead of a dozen small files fetched one round after another.
 * Every other screen stays a lazy chunk of its own.
 */
const FIRST_SCREEN_CODE =
  /[\\/]web[\\/]src[\\/](shell|ui|lib|features[\\/](feed|posts|friends|notifications|tutorial))[\\/]/;
/**
 * What the first screen loads only on demand (the tutorial for new members with its card placement, the friends panel
 * when opened).
 */
const LAZY_ON_FIRST_SCREEN = /[\\/]((TutorialOverlay|FriendsPanel)\.tsx|tutorial[\\/]placement\.ts)$/;

/** The libraries every screen runs on. */
const VENDOR =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@apollo|graphql|rxjs|@wry|optimism|ts-invariant|tslib|@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@internationalized|@swc|next-themes|stylis|proxy-compare|perfect-freehand|uqr)[\\/]/;
/** Libraries loaded on demand (app/apollo.ts: the subscription link and graphql-ws, on the first subscription). */
const LAZY_VENDOR = /[\\/]node_modules[\\/](graphql-ws[\\/]|@apollo[\\/]client[\\/]link[\\/]subscriptions[\\/])/;

interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/**
 * The first screen's code: a module of its folders that the first screen itself imports (a ui/ or lib/ helper only
 * other screens use, or a part only a lazy panel uses, stays with them instead of weighing on every first page).
 */
function firstScreenGroup() {
  const roots = new Set(FIRST_SCREEN.map((module) => path.resolve(import.meta.dirname, module)));
  const known = new Map<string, boolean>();
  const onFirstScreen = (id: string, graph: ModuleGraph): boolean => {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    known.set(id, false); // an import cycle on the way counts as not (yet) used
    const used =
      FIRST_SCREEN_CODE.test(id) &&
      !LAZY_ON_FIRST_SCREEN.test(id) &&
      (roots.has(id) || (graph.getModuleInfo(id)?.importers ?? []).some((importer) => onFirstScreen(importer, graph)));
    known.set(id, used);
    return used;
  };
  return { name: (id: string, graph: ModuleGraph) => (onFirstScreen(id, graph) ? 'first-screen' : null) };
}

const CHUNK_GROUPS = [
  { name: 'vendor', test: (id: string) => VENDOR.test(id) && !LAZY_VENDOR.test(id) },
  firstScreenGroup(),
];

/**
 * The app (index.html). The GraphQL explorer that /graphql shows in a browser (graphiql.html; the app never loads
 * it) is a build of its own, vite.explorer.config.ts, run after this one into the same dist/: built together they
 * shared chunks, and the explorer's use of the graphql package and React widened the app's vendor chunk by 22 kB
 * brotli up front.
 */
export default defineConfig({
  plugins: [react(), preloadFirstScreen(), preloadQueries(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      input: { main: path.resolve(import.meta.dirname, 'index.html') },
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
    },
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
