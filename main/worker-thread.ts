/**
 * A worker thread whose entry is a module beside the caller: `<name>.js` next to the bundle
 * in the electron-vite build (electron.vite.config.ts lists each entry as a `main` input),
 * `<name>.ts` from source (tsx, vitest). From source a small eval'd bootstrap registers tsx's
 * ESM hooks in the worker, then imports the entry (`execArgv: ['--import', 'tsx']` is not
 * accepted by workers).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function workerBeside(callerUrl: string, name: string, options: WorkerOptions = {}): Worker {
  if (!callerUrl.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, callerUrl), options);
  const entry = new URL(`./${name}.ts`, callerUrl).href;
  // The ESM build of tsx's API (require.resolve would give its CommonJS twin).
  const tsxApi =
    typeof import.meta.resolve === 'function'
      ? import.meta.resolve('tsx/esm/api')
      : pathToFileURL(
          createRequire(import.meta.url)
            .resolve('tsx/esm/api')
            .replace(/\.cjs$/, '.mjs'),
        ).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}
