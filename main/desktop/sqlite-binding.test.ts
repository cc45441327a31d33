/**
 * The "ABI flip": Electron and Node each load a better-sqlite3 built for their own ABI, from
 * two places. What runs here without Electron: scripts/electron-sqlite.mjs fetching the
 * Electron build through prebuild-install (from a mirror on a local port, as prebuild-install
 * is pointed at one) into the folder the desktop loads from, leaving Node's build alone; and
 * a driver of the wrong ABI, really loaded, failing with one sentence that names the fix.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverLoadProblem, NODE_BINDING, openConnection } from '../stores/sqlite/connection';
import { openSqliteStore } from '../stores/sqlite';
import { DRIVER_FILE, electronSqliteBinding } from './sqlite-binding';

const root = process.cwd();
const nodeDriver = join(root, NODE_BINDING.file);
const sqliteVersion = (
  JSON.parse(readFileSync(join(root, 'node_modules/better-sqlite3/package.json'), 'utf8')) as {
    version: string;
  }
).version;
const electronVersion = (
  JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as {
    version: string;
  }
).version;
const ELECTRON_ABI = '150'; // node-abi's ABI for Electron 45
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const tmp = mkdtempSync(join(tmpdir(), 'ss-sqlite-binding-'));

/**
 * A copy of Node's driver that says it was built for another ABI, as Electron's build does:
 * its registration record's version and its initializer's name (`node_register_module_vNNN`,
 * which Node looks up by its own ABI) both changed. Loading it in Node fails exactly as
 * loading Electron's build in Node does.
 */
function driverForAbi(abi: string, file: string): void {
  const ours = process.versions.modules;
  const bytes = readFileSync(nodeDriver);
  const from = Buffer.from(`node_register_module_v${ours}`);
  const to = Buffer.from(`node_register_module_v${abi}`);
  expect(to.length).toBe(from.length);
  for (let at = bytes.indexOf(from); at >= 0; at = bytes.indexOf(from, at + 1)) to.copy(bytes, at);
  // The static `node::node_module _module`: its first field is the ABI it was built for.
  const symbol = /^([0-9a-f]+) d _ZL7_module$/m.exec(execFileSync('nm', [nodeDriver], { encoding: 'utf8' }));
  const data = /\.data\s+PROGBITS\s+([0-9a-f]+)\s+([0-9a-f]+)/.exec(
    execFileSync('readelf', ['-SW', nodeDriver], { encoding: 'utf8' }),
  );
  const offset = Number.parseInt(symbol![1]!, 16) - Number.parseInt(data![1]!, 16) + Number.parseInt(data![2]!, 16);
  expect(bytes.readInt32LE(offset)).toBe(Number(ours));
  bytes.writeInt32LE(Number(abi), offset);
  writeFileSync(file, bytes);
}

/** A prebuild mirror on a local port: what prebuild-install asked for, and the tarballs it serves. */
let mirror: Server;
let mirrorUrl = '';
const requested: string[] = [];
const served = new Map<string, string>();

beforeAll(async () => {
  const release = join(tmp, 'tarball', 'build', 'Release');
  mkdirSync(release, { recursive: true });
  driverForAbi(ELECTRON_ABI, join(release, DRIVER_FILE));
  const name = `better-sqlite3-v${sqliteVersion}-electron-v${ELECTRON_ABI}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync('tar', ['-czf', join(tmp, name), '-C', join(tmp, 'tarball'), 'build']);
  served.set(`/v${sqliteVersion}/${name}`, join(tmp, name));
  mirror = createServer((req, res) => {
    requested.push(req.url ?? '');
    const file = served.get(req.url ?? '');
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
  mirrorUrl = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => mirror.close(resolve));
  rmSync(tmp, { recursive: true, force: true });
});

function fetchElectronDriver(out: string, ...args: string[]): Promise<{ code: number | null; stderr: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    npm_config_better_sqlite3_binary_host: mirrorUrl,
    // prebuild-install keeps what it fetched in npm's cache: a cache of this test's own.
    npm_config_cache: join(out, 'npm-cache'),
  };
  for (const name of ['http_proxy', 'https_proxy', 'HTTP_PROXY', 'HTTPS_PROXY', 'npm_config_proxy']) delete env[name];
  const child = spawn(process.execPath, [join(root, 'scripts/electron-sqlite.mjs'), '--out', out, ...args], { env });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

describe('the Electron build of the SQLite driver, beside the Node one', () => {
  it('is fetched for Electron’s ABI into the folder the desktop loads from; Node’s build stays as it was', async () => {
    const out = join(tmp, 'electron-sqlite');
    const nodeBefore = sha256(nodeDriver);
    requested.length = 0;
    const { code, stderr } = await fetchElectronDriver(out);
    expect(stderr).not.toMatch(/Could not fetch/);
    expect(code).toBe(0);
    expect(requested).toEqual([...served.keys()]);

    const binding = electronSqliteBinding({
      packaged: false,
      resourcesPath: '/nowhere',
      appRoot: root,
      platform: process.platform,
      arch: process.arch,
    });
    const fetched = join(out, `${process.platform}-${process.arch}`, DRIVER_FILE);
    expect(
      binding.file.endsWith(
        join('node_modules', '.electron-sqlite', `${process.platform}-${process.arch}`, DRIVER_FILE),
      ),
    ).toBe(true);
    expect(sha256(fetched)).toBe(sha256(join(tmp, 'tarball/build/Release', DRIVER_FILE)));
    expect(
      JSON.parse(readFileSync(join(out, `${process.platform}-${process.arch}`, 'built-for.json'), 'utf8')),
    ).toEqual({
      betterSqlite3: sqliteVersion,
      electron: electronVersion,
      platform: process.platform,
      arch: process.arch,
    });

    // `npm test` after `npm start`: Node still opens a store with its own build.
    expect(sha256(nodeDriver)).toBe(nodeBefore);
    const store = openSqliteStore({ dataDir: join(tmp, 'data') });
    expect(store.db.prepare('SELECT 1 AS one').get()).toEqual({ one: 1 });
    await store.close();

    // `npm start` again: already there, nothing asked for.
    requested.length = 0;
    expect((await fetchElectronDriver(out)).code).toBe(0);
    expect(requested).toEqual([]);
  });

  it('says in one sentence what to run when it cannot be fetched, and leaves nothing half-written', async () => {
    const out = join(tmp, 'unreachable');
    const { code, stderr } = await fetchElectronDriver(out, '--arch', 'mips');
    expect(code).toBe(1);
    expect(stderr.trim().split('\n').at(-1)).toBe(
      `Could not fetch better-sqlite3 ${sqliteVersion} built for Electron ${electronVersion} (${process.platform}-mips): ` +
        'check this computer can reach GitHub, then run `npm run electron:sqlite` again.',
    );
    expect(existsSync(join(out, `${process.platform}-mips`))).toBe(false);
  });
});

describe('a driver built for the other runtime', () => {
  const electronBuild = join(tmp, 'electron-abi', DRIVER_FILE);
  beforeAll(() => {
    mkdirSync(join(tmp, 'electron-abi'), { recursive: true });
    driverForAbi(ELECTRON_ABI, electronBuild);
  });
  const oneSentence = (message: string) => expect(message.match(/[.:] [A-Z]/g) ?? []).toEqual([]);

  it('loaded where the desktop expects its own says which command fixes it', () => {
    const binding = { file: electronBuild, fix: 'run `npm run electron:sqlite`' };
    let error: Error | undefined;
    try {
      openConnection(join(tmp, 'x.db'), {}, binding);
    } catch (e) {
      error = e as Error;
    }
    expect(error?.message).toBe(
      `The SQLite driver ${electronBuild} was built for another runtime than this Node.js ${process.versions.node} ` +
        `(ABI ${process.versions.modules}): run \`npm run electron:sqlite\`, then start again.`,
    );
    oneSentence(error!.message);
    // Node's own words are kept underneath, for the log.
    expect(String((error?.cause as Error).message)).toMatch(/NODE_MODULE_VERSION 150/);
  });

  it('as Node’s build names `npm rebuild better-sqlite3`', () => {
    let cause: unknown;
    try {
      process.dlopen({ exports: {} }, electronBuild);
    } catch (e) {
      cause = e;
    }
    expect(driverLoadProblem(cause, NODE_BINDING)).toBe(
      `The SQLite driver ${NODE_BINDING.file} was built for another runtime than this Node.js ${process.versions.node} ` +
        `(ABI ${process.versions.modules}): run \`npm rebuild better-sqlite3\`, then start again.`,
    );
  });

  it('missing, in the repository or in a package, says so and what to do', () => {
    const place = {
      resourcesPath: join(tmp, 'resources'),
      appRoot: join(tmp, 'clone'),
      platform: 'darwin',
      arch: 'arm64',
    };
    for (const [packaged, fix] of [
      [false, 'run `npm run electron:sqlite`'],
      [true, 'reinstall Shipping Station'],
    ] as const) {
      const binding = electronSqliteBinding({ ...place, packaged });
      expect(() => openConnection(join(tmp, 'y.db'), {}, binding)).toThrow(
        `The SQLite driver for this Node.js ${process.versions.node} (ABI ${process.versions.modules}) is missing (${binding.file}): ${fix}, then start again.`,
      );
    }
  });

  it('leaves every other error as better-sqlite3 words it', () => {
    const binding = { file: nodeDriver, fix: 'run `npm rebuild better-sqlite3`' };
    expect(() => openConnection(join(tmp, 'no-such-folder', 'z.db'), {}, binding)).toThrow(
      'Cannot open database because the directory does not exist',
    );
    copyFileSync(nodeDriver, join(tmp, 'copy.node'));
    expect(
      openConnection(':memory:', {}, { file: join(tmp, 'copy.node'), fix: '' })
        .prepare('SELECT 2 AS two')
        .get(),
    ).toEqual({ two: 2 });
  });
});
