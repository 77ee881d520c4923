import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  root: 'src/client',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // Built for debugging (see web.routes.ts: never served), without a reference in the bundles.
    sourcemap: 'hidden',
  },
  server: {
    port: 3000,
    proxy: { '/api': apiServer, '/images': apiServer },
  },
});
