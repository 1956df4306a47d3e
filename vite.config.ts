import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: r('./src/client'),
  publicDir: r('./src/client/public'),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@shared': r('./src/shared'), '@client': r('./src/client') } },
  server: { proxy: { '/api': { target: 'http://localhost:5000' } } },
  // jsPDF (loaded only when a PDF is requested) is ~400 kB on its own; the warning would only be noise.
  build: { outDir: r('./dist/client'), emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 700 },
});
