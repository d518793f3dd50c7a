import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const API_TARGET = 'http://localhost:3000';

/** The backend serves the API, uploaded objects and the Socket.IO endpoint on one port. */
const backendProxy = {
  '/api': { target: API_TARGET, changeOrigin: false },
  '/objects': { target: API_TARGET, changeOrigin: false },
  '/socket.io': { target: API_TARGET, ws: true, changeOrigin: false },
};

/**
 * The installable app: the manifest, and the service worker (src/service-worker/sw.ts) with the build's files
 * injected as its precache. The app registers it itself (src/lib/service-worker.ts), asking before an update.
 */
const installable = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/service-worker',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  includeAssets: ['icons/piste.svg', 'icons/apple-touch-icon.png', 'robots.txt'],
  injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'] },
  manifest: {
    id: '/',
    name: 'Piste',
    short_name: 'Piste',
    description: 'Connect with fencers around the world: épée, foil and sabre.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#0f172a',
    theme_color: '#0f172a',
    categories: ['sports', 'social'],
    icons: [
      { src: '/icons/piste-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/piste-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/piste-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/piste.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
    shortcuts: [
      {
        name: 'New post',
        short_name: 'Post',
        url: '/post',
        icons: [{ src: '/icons/piste-192.png', sizes: '192x192' }],
      },
      {
        name: 'Messages',
        short_name: 'Messages',
        url: '/messages',
        icons: [{ src: '/icons/piste-192.png', sizes: '192x192' }],
      },
    ],
  },
});

/**
 * Writes `file.br` and `file.gz` beside every compressible file of the build, at maximum compression: it runs once
 * per build, and the backend sends them as they are (backend/src/frontend/). Images and fonts are compressed
 * already; below 1 KiB the headers of an encoded reply cost about as much as they save.
 */
const precompressed = compression({
  include: /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/,
  threshold: 1024,
  algorithms: [
    defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
    defineAlgorithm('gzip', { level: zlib.Z_BEST_COMPRESSION }),
  ],
});

/**
 * The built app runs on Preact's React layer: React's own runtime (react-dom) alone is about 55 KiB of brotli,
 * more than half of what a first visit of the feed may fetch (bench/README.md), where Preact's is about 9 KiB.
 * The code is written against React's API (and its types); the development server and the unit tests run React.
 */
const reactOnPreact = [
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
  // Preact's createRoot, and the part of React's behaviour Preact leaves out (src/preact-client.ts).
  {
    find: /^react-dom\/client$/,
    replacement: fileURLToPath(new URL('src/preact-client.ts', import.meta.url)),
  },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
];

/**
 * Everything the entry imports statically (what every first visit runs) goes into one chunk: left to the default
 * splitting, the modules it shares with lazily loaded pages came as some forty small files, each a request of its
 * own on a phone's network, and together about 20 KiB more of brotli than as one file (bench/README.md).
 */
const firstScreenChunk = { name: 'index', tags: ['$initial' as const] };

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), installable, precompressed],
  resolve: {
    alias: [
      // Use the contracts' TypeScript sources directly, so the frontend never waits for a contracts build.
      {
        find: '@piste/contracts',
        replacement: fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
      },
      ...(command === 'build' ? reactOnPreact : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: [firstScreenChunk] } } },
  },
  server: { port: 5173, proxy: backendProxy },
  preview: { port: 4173, proxy: backendProxy },
}));
