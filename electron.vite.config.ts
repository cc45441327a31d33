/**
 * `npx electron-vite build` builds the three parts of the desktop app into out/:
 * out/main/index.js (ES module, plus label-worker.js), out/preload/index.cjs (CommonJS: a sandboxed preload
 * cannot be an ES module), out/renderer/ (the React app, also served by the headless server).
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { CONTENT_SECURITY_POLICY } from './main/http/content-security-policy';
import { OPERATION_NAMES } from './main/operations/spec';

const root = import.meta.dirname;

/**
 * Puts the app's CSP into the built index.html as its first <meta>: Chromium applies no
 * header hooks to file: pages, so for the packaged window the <meta> is the policy. (The
 * headless server also sends it as a header; the two agree.)
 */
function contentSecurityPolicyMeta(): Plugin {
  return {
    name: 'shipping-station:csp-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (/http-equiv=["']?content-security-policy/i.test(html)) {
          throw new Error(
            'renderer/index.html has its own CSP <meta>; the policy lives in main/http/content-security-policy.ts',
          );
        }
        return [
          {
            tag: 'meta',
            attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

export default defineConfig({
  main: {
    // The update feed the app looks at when Settings names none (main/desktop/update-policy.ts).
    define: { __UPDATE_FEED_URL__: JSON.stringify(process.env.SHIPPING_STATION_UPDATE_URL ?? '') },
    build: {
      outDir: resolve(root, 'out/main'),
      // The pure-JS dependencies are bundled: one file per chunk resolves, parses and loads
      // faster than hundreds of module files (TypeBox alone is ~700; Fastify, Ajv and their
      // kin several hundred more, each imported from ESM through Node's CommonJS export
      // scan), and i18n-iso-countries loads only its English names (main/core/countries.ts).
      // What stays in node_modules: native modules (better-sqlite3, serialport, node-hid:
      // rebuilt for Electron), PDFKit and fontkit (they read their font data beside their
      // own files; fontkit is named because it reaches node_modules only through pdfkit),
      // and electron-updater (the desktop's only).
      externalizeDeps: {
        include: ['fontkit'],
        exclude: [
          'typebox',
          'i18n-iso-countries',
          'fastify',
          '@fastify/static',
          'ajv',
          'ajv-formats',
          'fast-json-stringify',
          'pg',
          'pg-copy-streams',
          'csv-parse',
          'lru-cache',
          'marked',
          'postcode-validator',
          'any-ascii',
          'qrcode',
        ],
      },
      rollupOptions: {
        input: {
          index: resolve(root, 'main/index.ts'),
          // The label pool's worker thread loads `label-worker.js` from beside the bundle
          // (main/labels/label-pool.ts), so it is an entry of its own.
          'label-worker': resolve(root, 'main/labels/label-worker.ts'),
          // The desktop upgrades a SQLite file off its main thread (main/desktop/upgrade.ts).
          'upgrade-worker': resolve(root, 'main/desktop/upgrade-worker.ts'),
          // A bulk load stages its search terms on a worker (main/stores/sqlite/load-terms.ts).
          'load-terms-worker': resolve(root, 'main/stores/sqlite/load-terms-worker.ts'),
          // The headless station and its CLI run from the build as well (`npm run serve`):
          // plain JavaScript starts faster and lighter than compiling TypeScript on the fly.
          serve: resolve(root, 'main/serve.ts'),
          cli: resolve(root, 'main/cli.ts'),
        },
        // Shared chunks beside the entries, not in a subfolder: code in any chunk that
        // finds `./label-worker.js` relative to itself then finds it.
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    // The table's names, without the table (preload/operation-names.d.ts).
    define: { __OPERATION_NAMES__: JSON.stringify(OPERATION_NAMES) },
    build: {
      outDir: resolve(root, 'out/preload'),
      // A sandboxed preload can require only electron: everything it imports is bundled.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(root, 'preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    // Relative asset paths: the same build loads from file:// in Electron and from / over HTTP.
    base: './',
    plugins: [react(), contentSecurityPolicyMeta()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      // Not just Electron's Chromium: the headless server serves this build to browsers too.
      target: 'es2022',
      rollupOptions: { input: resolve(root, 'renderer/index.html') },
    },
  },
});
