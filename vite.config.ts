import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

const zodConfig = fileURLToPath(new URL('./src/client/lib/zod-config.ts', import.meta.url));

/**
 * Every client import of 'zod' goes through src/client/lib/zod-config.ts, which sets zod's options
 * (no eval probe under our CSP) before re-exporting it: no page can make a schema before that, and the
 * home page, which validates nothing, does not load zod at all.
 */
function zodThroughConfig(): Plugin {
  return {
    name: 'zod-through-config',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'zod' || !importer || importer === zodConfig) return null;
      return zodConfig;
    },
  };
}

const clientEntry = fileURLToPath(new URL('./src/client/main.tsx', import.meta.url));

/**
 * The first load (everything the entry imports statically, which every page runs before it shows
 * anything of its own) in three chunks, in the order they run: React, React Router, then the rest
 * (with the bundler's small runtime before them, a file of its own).
 *
 * Left to itself, the bundler splits off each module that a lazy page shares with the entry (React, the
 * query client, a 124-byte helper): every such file costs the first visit a request with its headers.
 * One chunk, on the other hand, makes the phone evaluate 390 KB of script in one long task, which
 * Lighthouse counts as blocking time; in three, the server-rendered pages' loader
 * (web/page-document.ts) runs them in three tasks with a pause between (issue 15's budgets).
 */
function firstLoadChunks(): Plugin {
  const firstLoad = new Set<string>();
  const inFirstLoad = (pattern: RegExp) => (id: string) => firstLoad.has(id) && pattern.test(id);
  return {
    name: 'first-load-chunks',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'react',
                  priority: 3,
                  test: inFirstLoad(/\/node_modules\/(react|react-dom|scheduler)\//),
                },
                { name: 'router', priority: 2, test: inFirstLoad(/\/node_modules\/react-router\//) },
                { name: 'start', priority: 1, test: inFirstLoad(/./) },
              ],
            },
          },
        },
      },
    }),
    buildStart() {
      firstLoad.clear();
    },
    buildEnd() {
      const queue = [clientEntry];
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        if (firstLoad.has(id)) continue;
        if (id !== clientEntry) firstLoad.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

const reactRouterBuilds = fileURLToPath(new URL('./node_modules/react-router/dist/', import.meta.url));

/**
 * React Router's production build in the bundles. Its package.json points every import at its
 * development build (remix-run/react-router#14102), whose only difference is one constant,
 * ENABLE_DEV_WARNINGS, left on: development warnings the bundles would carry to every visitor and
 * print in production. Both entry points are redirected, so one copy of the router is bundled.
 */
function reactRouterProductionBuild(): Plugin {
  const entries: Record<string, string> = {
    'react-router': `${reactRouterBuilds}production/index.mjs`,
    'react-router/dom': `${reactRouterBuilds}production/dom-export.mjs`,
  };
  return {
    name: 'react-router-production-build',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => entries[source] ?? null,
  };
}

const apiServer = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  root: 'src/client',
  publicDir: false,
  plugins: [zodThroughConfig(), reactRouterProductionBuild(), react(), firstLoadChunks()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // Built for debugging (see web.routes.ts: never served), without a reference in the bundles.
    sourcemap: 'hidden',
    // Every browser the shop supports knows <link rel="modulepreload"> (Baseline since 2023).
    modulePreload: { polyfill: false },
  },
  // The server renderer (`vite build --ssr`, dist/ssr) carries its libraries: the server loads one file,
  // and the libraries' CommonJS builds are read as the browser bundle reads them.
  ssr: { noExternal: true },
  server: {
    port: 3000,
    proxy: { '/api': apiServer, '/images': apiServer },
  },
});
