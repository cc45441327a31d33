// Builds the app (main, preload, renderer) into out/ when any output is missing or older
// than its sources, so `npm run serve` and `npm run cli` always run the current code,
// and run it as plain JavaScript: no TypeScript compiled on the fly at every start.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
