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

/**
 * Lets the bundler drop the React Router components the shop never renders (Form and its submit
 * machinery: the router chunk 27.1 -> 26.0 KiB brotli). React Router's build creates its components and
 * contexts at the top of its module with `React.forwardRef(…)`, `React.createContext(…)` and
 * `React.memo(…)` calls that are not marked pure, then sets each one's `displayName`: a bundler must
 * keep both, and everything they reference, in case they do something. The calls only build a value,
 * and `displayName` only names a component in React's developer tools, so the production build marks
 * the calls pure and leaves the names out (each on its own line, so line numbers do not move).
 * remix-run/react-router#15299 proposes the same upstream; once it lands, this plugin changes nothing.
 */
function reactRouterPureComponents(): Plugin {
  const topLevelReactCall = /^(var \w+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm;
  const displayName = /^\w+\.displayName = "[\w.]+";$/gm;
  return {
    name: 'react-router-pure-components',
    apply: 'build',
    transform: {
      filter: { id: /\/node_modules\/react-router\/dist\/production\/.*\.mjs$/ },
      handler: (code) => ({
        code: code.replace(topLevelReactCall, '$1/* @__PURE__ */ $2').replace(displayName, ''),
        map: null,
      }),
    },
  };
}

const apiServer = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  root: 'src/client',
  publicDir: false,
  plugins: [
    zodThroughConfig(),
    reactRouterProductionBuild(),
    reactRouterPureComponents(),
    react(),
    firstLoadChunks(),
  ],
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
