import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
  {
    files: ['main/core/**/*.ts', 'main/store/**/*.ts', 'main/operations/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'The core does not know Electron; put this in main/desktop or main/ipc.' },
            { name: 'fastify', message: 'The core does not know HTTP; put this in main/http.' },
          ],
          patterns: [{ group: ['../http/*', '../ipc/*', '../desktop/*', '@fastify/*'], message: 'The core does not import its doors.' }],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}', 'preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', '**/main/core/*', '!**/main/core/schemas', '!**/main/core/statuses', '**/main/store/*', '**/main/http/*'], message: 'The renderer and preload only import the operation spec and schemas from main.' },
          ],
        },
      ],
    },
  },
);
