import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.ts';

const API_TARGET = 'http://localhost:3000';

/** The backend serves the API, uploaded objects and the Socket.IO endpoint on one port. */
const backendProxy = {
  '/api': { target: API_TARGET, changeOrigin: false },
  '/objects': { target: API_TARGET, changeOrigin: false },
  '/socket.io': { target: API_TARGET, ws: true, changeOrigin: false },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    // Use the contracts' TypeScript sources directly, so the frontend never waits for a contracts build.
    alias: { '@piste/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)) },
  },
  build: { outDir: 'dist', emptyOutDir: true, modulePreload: { polyfill: false } },
  server: { port: 5173, proxy: backendProxy },
  preview: { port: 4173, proxy: backendProxy },
});
