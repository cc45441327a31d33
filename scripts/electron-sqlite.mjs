#!/usr/bin/env node
/**
 * Puts better-sqlite3 built for Electron beside the build npm installed for Node, in
 * node_modules/.electron-sqlite/<platform>-<arch>/better_sqlite3.node, which the desktop's
 * main process loads (main/desktop/sqlite-binding.ts). The Node build is never touched, so
 * `npm test` and `npm start` work in either order without a rebuild. prebuild-install
 * fetches the prebuilt driver for Electron's ABI (and keeps it in npm's cache); nothing is
 * done when the right one is already there. `npm start`, `npm run dev` and `npm run dist`
 * run this first.
 *
 *   node scripts/electron-sqlite.mjs [--arch x64,arm64] [--platform darwin] [--out DIR] [--dist]
 *
 * --dist: every arch electron-builder.yml packages for this platform.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The archs electron-builder.yml builds installers for, per platform. */
const DIST_ARCHS = { darwin: ['x64', 'arm64'], win32: ['x64'], linux: ['x64'] };
const DRIVER_FILE = 'better_sqlite3.node';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const requireHere = createRequire(import.meta.url);
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

const { values } = parseArgs({
  options: {
    arch: { type: 'string' },
    platform: { type: 'string', default: process.platform },
    out: { type: 'string', default: join(root, 'node_modules', '.electron-sqlite') },
    dist: { type: 'boolean', default: false },
  },
});
const platform = values.platform;
const archs = values.arch
  ? values.arch.split(',')
  : values.dist
    ? (DIST_ARCHS[platform] ?? [process.arch])
    : [process.arch];

const electron = readJson(requireHere.resolve('electron/package.json')).version;
const sqlitePackage = requireHere.resolve('better-sqlite3/package.json');
const betterSqlite3 = readJson(sqlitePackage).version;
const prebuildInstall = createRequire(sqlitePackage).resolve('prebuild-install/bin.js');

function fetchFor(arch) {
  const dir = join(values.out, `${platform}-${arch}`);
  const stampFile = join(dir, 'built-for.json');
  const stamp = { betterSqlite3, electron, platform, arch };
  if (existsSync(join(dir, DRIVER_FILE)) && existsSync(stampFile)) {
    if (JSON.stringify(readJson(stampFile)) === JSON.stringify(stamp)) return true;
  }
  // prebuild-install unpacks into build/Release/ under the package it runs in: a copy of
  // better-sqlite3's package.json in a folder of its own, never the installed package.
  const stage = mkdtempSync(join(tmpdir(), 'electron-sqlite-'));
  try {
    copyFileSync(sqlitePackage, join(stage, 'package.json'));
    const run = spawnSync(
      process.execPath,
      [prebuildInstall, '--runtime=electron', `--target=${electron}`, `--arch=${arch}`, `--platform=${platform}`],
      { cwd: stage, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    const built = join(stage, 'build', 'Release', DRIVER_FILE);
    if (run.status !== 0 || !existsSync(built)) {
      console.error(
        `Could not fetch better-sqlite3 ${betterSqlite3} built for Electron ${electron} (${platform}-${arch}): ` +
          'check this computer can reach GitHub, then run `npm run electron:sqlite` again.',
      );
      return false;
    }
    mkdirSync(dir, { recursive: true });
    // Whole or not at all: the stamp is written only once the driver is in place.
    rmSync(stampFile, { force: true });
    copyFileSync(built, join(dir, `${DRIVER_FILE}.tmp`));
    renameSync(join(dir, `${DRIVER_FILE}.tmp`), join(dir, DRIVER_FILE));
    writeFileSync(stampFile, `${JSON.stringify(stamp)}\n`);
    console.log(`better-sqlite3 for Electron ${electron} (${platform}-${arch}) is in ${dir}`);
    return true;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

process.exitCode = archs.map(fetchFor).every(Boolean) ? 0 : 1;
