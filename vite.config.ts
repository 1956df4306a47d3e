import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import Beasties from 'beasties';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const PRERENDER_ENTRY = r('./dist/prerender/prerender.js');

/**
 * Puts the visitor's landing, rendered by the SSR build of src/client/prerender.tsx (`vite build --ssr`, run first by
 * `npm run build`), into the built index.html, so the first paint needs no script. Without that build (a bare
 * `vite build`) index.html stays empty and the app renders in the browser as before.
 */
function prerenderLanding(): Plugin {
  return {
    name: 'rendix-prerender-landing',
    apply: 'build',
    async transformIndexHtml(html) {
      if (!existsSync(PRERENDER_ENTRY)) return html;
      const { renderLanding } = (await import(`${pathToFileURL(PRERENDER_ENTRY).href}?t=${Date.now()}`)) as { renderLanding: () => string };
      return html.replace('<div id="root"></div>', () => `<div id="root">${renderLanding()}</div>`);
    },
  };
}

/**
 * Puts the styles of the prerendered landing into index.html itself: the landing cannot paint before its styles, and a
 * separate file costs a phone one more round trip after the HTML (~0.2 s on slow 4G; issue 18 item 8). Only the rules
 * the landing uses are inlined (critical CSS, computed by beasties against the prerendered HTML plus the class lists
 * of the landing's own script, which draws the chat and the install banner): the whole app's stylesheet inline made a
 * phone spend ~0.45 s styling a 121 kB page. The app's stylesheet stays a file, which index.html's inline script asks
 * for (render-blocking) whenever the app starts (`early.css`); a visitor on the landing never needs it.
 * Without a prerendered landing (a bare `vite build`) the whole stylesheet is inlined as before.
 */
function inlineEntryStyles(): Plugin {
  return {
    name: 'rendix-inline-entry-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const prerendered = /<div id="root"><[a-z]/.test(html);
        const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
        let result = html;
        for (const [link, file] of [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)]) {
          const asset = bundle[file];
          if (asset?.type !== 'asset' || typeof asset.source !== 'string' || asset.source.includes('</style')) continue;
          const css = prerendered && entry?.type === 'chunk' ? await criticalCss(html.replace(link, ''), asset.source, entry.code) : asset.source;
          // Before the inline script: the app's stylesheet it adds must come later in the cascade, so that its rules win
          // over the landing's copies of them (`.hidden` then `lg:block`, both in the utilities layer).
          result = result.replace(link, '').replace('<script>', () => `<style>${css}</style>\n    <script>`);
        }
        return result;
      },
    },
  };
}

/** The rules of `css` that the page uses, counting the elements the landing's script (`code`) may add. */
async function criticalCss(html: string, css: string, code: string): Promise<string> {
  // Every word of the script that could be a class name becomes an element of a hidden probe (with two children, for
  // `space-y-*` and the like), next to the elements it may create, for the analysis only. Too many rules is harmless.
  const words = new Set(code.match(/[\w\-:./[\]%#()!@,*+=&>~']+/g)?.filter((w) => /[a-z]/.test(w) && w.length <= 80) ?? []);
  const elements = ['button', 'input', 'textarea', 'select', 'form', 'label', 'h2', 'p', 'span', 'svg', 'img', 'a', 'ul', 'li'];
  const probe = [...words].map((w) => `<div class="${w.replace(/&/g, '&amp;')}"><div></div><div></div></div>`).join('') + elements.map((e) => `<${e}></${e}>`).join('');
  const page = html.replace('</head>', `<style>${css}</style></head>`).replace('</body>', `<div hidden>${probe}</div></body>`);
  const beasties = new Beasties({ reduceInlineStyles: true, external: false, inlineFonts: false, preloadFonts: false, keyframes: 'critical', compress: true, logLevel: 'warn',
    // Arbitrary variants on descendants (`[&_svg]:size-4`: the icons of buttons) and the `space-*`/`divide-*` rules,
    // which the matcher does not resolve.
    allowRules: [/\[\\&/, /:where\(\.(space|divide)-/],
  });
  const processed = await beasties.process(page);
  const style = processed.match(/<style>([\s\S]*?)<\/style>/);
  if (!style) throw new Error('beasties left no inline style: the landing would paint unstyled');
  return style[1];
}

/** The signed-in screens whose code the page asks for at once (src/client/startup.ts starts their data). */
const EARLY_SCREENS: Record<string, string> = {
  '/': 'features/dashboard/DashboardPage.tsx',
  '/expenses': 'features/expenses/ExpensesPage.tsx',
  '/approvals': 'features/approvals/ApprovalsPage.tsx',
  '/new-expense': 'features/new-expense/NewExpensePage.tsx',
};

/**
 * Fills the lists of index.html's inline script (`var early = {}`) with built files: `app`, the app the entry imports
 * for everyone but a visitor on the prerendered landing (src/client/start-app.tsx, issue 18 item 8), asked for as the
 * HTML arrives so the entry's dynamic import adds no round trip; and for a browser with the session hint, the
 * signed-in shell and the screens above, with the files they import (issue 16 item 11). Each list leaves out what an
 * earlier one, or the HTML itself, asks for. The server hashes the inline script of the built file for its CSP, so the
 * lists can change with every build.
 */
function earlySignedInFiles(): Plugin {
  return {
    name: 'rendix-early-signed-in-files',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        // The entry and what it imports are in the HTML already.
        const initial = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports]));
        const filesOf = (suffix: string, skip: string[] = []): string[] => {
          const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/src/client/${suffix}`));
          if (!chunk) throw new Error(`No built chunk for src/client/${suffix}: index.html's early lists would be wrong`);
          return [chunk.fileName, ...chunk.imports].filter((f) => !initial.has(f)).map((f) => `/${f}`).filter((f) => !skip.includes(f));
        };
        const app = filesOf('start-app.tsx');
        const early: Record<string, string[]> = { app, shell: filesOf('features/shell/AppShell.tsx', app) };
        // The app's whole stylesheet (the HTML inlines only the landing's rules: inlineEntryStyles).
        early.css = chunks.filter((c) => c.isEntry).flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])].map((f) => `/${f}`));
        for (const [path, file] of Object.entries(EARLY_SCREENS)) early[path] = filesOf(file, [...app, ...early.shell]);
        return html.replace('var early = {};', () => `var early = ${JSON.stringify(early)};`);
      },
    },
  };
}

/**
 * Few, larger chunks for the signed-in app (issue 16 item 11: a screen waited on ~45 small files loaded in turns).
 * The landing's own modules (everything the entry imports statically: no React) stay in the entry; the app
 * (start-app.tsx) is its own chunk; what it and the lazy screens share goes into two chunks, libraries and our code, so
 * a screen needs the entry, the app, those two, the shell and its own file.
 * A module only one lazy chunk uses (jsPDF for the comprobante, a page's own form) stays with it.
 */
const CHUNKS = {
  groups: [
    { name: 'index', tags: ['$initial' as const], priority: 3 },
    { name: 'vendor', test: /[\\/]node_modules[\\/]/, minShareCount: 2, priority: 2 },
    { name: 'app', test: /[\\/]src[\\/](client|shared)[\\/]/, minShareCount: 2, priority: 1 },
  ],
};

export default defineConfig(({ isSsrBuild }) => ({
  root: r('./src/client'),
  publicDir: isSsrBuild ? false : r('./src/client/public'),
  plugins: [
    react(),
    tailwindcss(),
    ...(isSsrBuild ? [] : [prerenderLanding(), earlySignedInFiles(), inlineEntryStyles()]),
    // Installable app (issue 7): manifest + /sw.js precaching the app shell. Registration lives in
    // features/pwa/startup.ts (errors ignored). API answers are never cached: they carry personal data.
    isSsrBuild ? false : VitePWA({
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
  build: isSsrBuild
    ? { outDir: r('./dist/prerender'), emptyOutDir: true, rollupOptions: { input: r('./src/client/prerender.tsx') } }
    : { outDir: r('./dist/client'), emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 700, rolldownOptions: { output: { codeSplitting: CHUNKS } } },
}));
