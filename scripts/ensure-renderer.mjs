// Builds the app (renderer, main, preload) when out/renderer is missing or older than
// its sources, so `npm run serve` always serves the current screens.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const built = 'out/renderer/index.html';
const newest = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce((max, entry) => {
    const path = join(dir, entry.name);
    return Math.max(max, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }, 0);

const sources = ['renderer', 'main/operations', 'main/core/schemas.ts', 'preload'].filter(existsSync);
const stale =
  !existsSync(built) ||
  Math.max(...sources.map((s) => (statSync(s).isDirectory() ? newest(s) : statSync(s).mtimeMs))) > statSync(built).mtimeMs;
if (stale) {
  console.log('Building the station’s screens (once)…');
  execFileSync('npx', ['electron-vite', 'build'], { stdio: 'inherit' });
}
