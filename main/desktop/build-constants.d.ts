/** Written in by the build (electron.vite.config.ts) and by the test runner (vitest.config.ts). */
declare const __UPDATE_FEED_URL__: string;
