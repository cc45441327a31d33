/**
 * Opens better-sqlite3 connections with the compiled driver this process can load. One
 * `.node` file serves one ABI: Node (serve, the CLI, the tests) loads the package's own
 * build, while Electron's main process names its own build, kept beside it
 * (main/desktop/sqlite-binding.ts), so that neither `npm start` nor `npm test` has to
 * rebuild the other's. A driver built for the other runtime fails with one sentence that
 * says how to fix it.
 */
import Database from 'better-sqlite3';
import { createRequire } from 'node:module';

export interface SqliteBinding {
  /** The compiled driver, a `better_sqlite3.node`. */
  file: string;
  /** What puts the right driver there, as the end of a sentence: "run `npm run electron:sqlite`". */
  fix: string;
}

/** Node loads the package's own build, which npm builds or fetches for the Node that installed it. */
export const NODE_BINDING: SqliteBinding = {
  file: 'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
  fix: 'run `npm rebuild better-sqlite3`',
};

const requireNative = createRequire(import.meta.url);
const addons = new Map<string, object>();

/** Errors that mean the driver itself could not be loaded, as Node, Electron and `bindings` word them. */
const WRONG_BUILD =
  /NODE_MODULE_VERSION|did not self-register|not a valid Win32 application|incompatible architecture|wrong ELF class|invalid ELF header|file too short|not a mach-o file/i;
const MISSING =
  /Could not locate the bindings file|Cannot find module|No such file or directory|cannot open shared object file/i;

const runtime = (): string =>
  process.versions.electron ? `Electron ${process.versions.electron}` : `Node.js ${process.versions.node}`;

/** The one sentence for a driver that could not be loaded, or null for any other error. */
export function driverLoadProblem(error: unknown, binding: SqliteBinding): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const here = `this ${runtime()} (ABI ${process.versions.modules})`;
  if (WRONG_BUILD.test(message)) {
    return `The SQLite driver ${binding.file} was built for another runtime than ${here}: ${binding.fix}, then start again.`;
  }
  if (code === 'MODULE_NOT_FOUND' || MISSING.test(message)) {
    return `The SQLite driver for ${here} is missing (${binding.file}): ${binding.fix}, then start again.`;
  }
  if (code === 'ERR_DLOPEN_FAILED') {
    return `The SQLite driver ${binding.file} could not be loaded by ${here}: ${binding.fix}, then start again.`;
  }
  return null;
}

function translated(error: unknown, binding: SqliteBinding): unknown {
  const problem = driverLoadProblem(error, binding);
  return problem === null ? error : new Error(problem, { cause: error });
}

/** The driver at `binding.file`, loaded once per process. */
function addonAt(binding: SqliteBinding): object {
  let addon = addons.get(binding.file);
  if (!addon) {
    try {
      addon = requireNative(binding.file) as object;
    } catch (error) {
      throw translated(error, binding);
    }
    addons.set(binding.file, addon);
  }
  return addon;
}

/**
 * A connection to `file` through the given driver (the package's own without one). A driver
 * that does not load throws an Error whose message names the fix; any other error is
 * better-sqlite3's own.
 */
export function openConnection(
  file: string,
  options: Database.Options = {},
  binding?: SqliteBinding,
): Database.Database {
  if (binding) {
    // better-sqlite3 takes the loaded addon itself (its types say only a path), so a load
    // error surfaces here, translated, and the file is loaded once however many connections.
    const nativeBinding = addonAt(binding) as unknown as string;
    return new Database(file, { ...options, nativeBinding });
  }
  try {
    return new Database(file, options);
  } catch (error) {
    throw translated(error, NODE_BINDING);
  }
}
