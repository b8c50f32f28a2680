import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Radix and its helpers, except the parts only lazy pages use (select, radio group, popover). */
const RADIX_SHELL = (id: string) =>
  /node_modules[\\/](@radix-ui|@floating-ui|aria-hidden|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar)/.test(id) &&
  !/@radix-ui[\\/]react-(select|radio-group|popover)[\\/]/.test(id);

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  server: {
    host: '127.0.0.1',
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  preview: { host: '127.0.0.1' },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // dist/.vite/manifest.json lets the bench work out which chunks a route loads.
    manifest: true,
    // No modulepreload polyfill in the entry (≈ 0.2 kB gzip): every browser released since 2023
    // preloads modules itself; Safari < 17 and Firefox < 115 still load every chunk, only later.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Fewer, larger chunks on the dashboard's first load: gzip compresses one file better than
        // many small ones. React (with Radix's Slot, which Button needs everywhere) and the router
        // load with the entry; the Radix and Floating UI parts of menus, dialogs and tooltips load
        // with the signed-in shell, so the sign-in pages never fetch them.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              priority: 2,
              test: /node_modules[\\/](react|react-dom|scheduler|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/,
            },
            { name: 'react-router', priority: 1, test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'radix', test: RADIX_SHELL },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // Pages render in jsdom beside Postgres and Chromium in the other worker: 5 s is too tight.
    testTimeout: 20_000,
  },
});
