import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: r('./src/client'),
  publicDir: r('./src/client/public'),
  plugins: [
    react(),
    tailwindcss(),
    // Installable app (issue 7): manifest + /sw.js precaching the app shell. Registration lives in
    // features/pwa/startup.ts (errors ignored). API answers are never cached: they carry personal data.
    VitePWA({
      strategies: 'generateSW',
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      injectRegister: false,
      registerType: 'autoUpdate',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Rendix · Rendiciones de gastos',
        short_name: 'Rendix',
        description: 'Rendiciones de gastos con lectura automática de boletas y facturas para empresas chilenas.',
        lang: 'es-CL',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#1d4ed8',
        background_color: '#f8fafc',
        categories: ['business', 'finance', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [{ urlPattern: ({ url }) => url.pathname.startsWith('/api/'), handler: 'NetworkOnly' }],
      },
    }),
  ],
  resolve: { alias: { '@shared': r('./src/shared'), '@client': r('./src/client') } },
  server: { proxy: { '/api': { target: 'http://localhost:5000' } } },
  // jsPDF (loaded only when a PDF is requested) is ~400 kB on its own; the warning would only be noise.
  build: { outDir: r('./dist/client'), emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 700 },
});
