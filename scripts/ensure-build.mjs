// Builds the app (main, preload, renderer) into out/ when any output is missing or older
// than its sources, so `npm run serve` and `npm run cli` always run the current code,
// and run it as plain JavaScript: no TypeScript compiled on the fly at every start.
// `node [flags] scripts/ensure-build.mjs out/main/serve.js [args…]` then runs that entry in
// this same process, with its args: one Node start instead of two.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const outputs = ['out/main/serve.js', 'out/main/cli.js', 'out/main/label-worker.js', 'out/renderer/index.html'];
const sources = ['main', 'preload', 'renderer', 'electron.vite.config.ts', 'package-lock.json'];

const newest = (path) =>
  statSync(path).isDirectory()
    ? readdirSync(path, { withFileTypes: true }).reduce((max, e) => Math.max(max, newest(join(path, e.name))), 0)
    : statSync(path).mtimeMs;

const stale =
  outputs.some((o) => !existsSync(o)) ||
  Math.max(...sources.filter(existsSync).map(newest)) > Math.min(...outputs.map((o) => statSync(o).mtimeMs));
if (stale) {
  // stderr, so that the output of `npm run cli` stays the command's own.
  console.error('Building the station (when its sources change)…');
  execFileSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], {
    stdio: ['ignore', process.stderr, 'inherit'],
  });
}

const entry = process.argv[2];
if (entry !== undefined && !entry.startsWith('-')) {
  process.argv.splice(2, 1);
  await import(pathToFileURL(resolve(entry)).href);
}
