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
 * Everything the entry imports statically, which every page loads before it runs, in one chunk beside
 * the entry. Left to itself, the bundler splits off each module that a lazy page shares with the entry
 * (React, the query client, a 124-byte helper), and every such file costs the first visit a request and
 * its headers, and its compression a shared context (issue 15's budget for the home page).
 */
function firstLoadInOneChunk(): Plugin {
  const firstLoad = new Set<string>();
  return {
    name: 'first-load-in-one-chunk',
    apply: (_config, { isSsrBuild }) => !isSsrBuild,
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: { groups: [{ name: 'start', test: (id: string) => firstLoad.has(id) }] },
          },
        },
      },
    }),
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

const apiServer = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  root: 'src/client',
  publicDir: false,
  plugins: [zodThroughConfig(), react(), firstLoadInOneChunk()],
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
