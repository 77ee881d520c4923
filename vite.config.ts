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

const apiServer = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  root: 'src/client',
  publicDir: false,
  plugins: [zodThroughConfig(), react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // Built for debugging (see web.routes.ts: never served), without a reference in the bundles.
    sourcemap: 'hidden',
  },
  // The server renderer (`vite build --ssr`, dist/ssr) carries its libraries: the server loads one file,
  // and the libraries' CommonJS builds are read as the browser bundle reads them.
  ssr: { noExternal: true },
  server: {
    port: 3000,
    proxy: { '/api': apiServer, '/images': apiServer },
  },
});
