/**
 * This desk's watched folder (docs/contract.md §19): its settings, kept in `watch-folder.json`
 * in the desk's data folder beside printers.json and scale.json (desks sharing a database
 * each watch their own), and the journal of the files it took, `watch-folder-activity.json`,
 * which Settings shows.
 */
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { isAbsolute, join, resolve, win32 } from 'node:path';
import { validationError } from '../core/errors';
import type { FolderFile, WatchFolderSettings } from '../core/schemas';
import { DEFAULT_WATCH_FOLDER, type DeskWatchFolder, type FolderOwner } from '../core/watch-folder';

export const WATCH_FOLDER_FILE = 'watch-folder.json';
export const ACTIVITY_FILE = 'watch-folder-activity.json';
/** The folders a watched folder holds: files being read, and files read. */
export const SUBFOLDERS = ['processing', 'done', 'failed'] as const;
/** How long Settings shows a file, and the most it keeps. */
const ACTIVITY_DAYS = 7;
const ACTIVITY_MAX = 500;
const DAY_MS = 86_400_000;

/** What the desk keeps: the settings and who set them (the folder acts as that user). */
interface Kept extends WatchFolderSettings {
  owner: FolderOwner | null;
}

/** A file of the journal: what the activity shows, and the name it has in the folder now. */
export interface JournalEntry extends FolderFile {
  id: string;
}

export interface DeskFolder extends DeskWatchFolder {
  /** The settings and who set them. */
  kept(): Promise<Kept>;
  /** Called after each change of the settings. */
  onChange(listener: () => void): void;
  /** Adds or replaces a file's entry in the journal. */
  note(entry: JournalEntry): Promise<void>;
  /** The entry of a file in processing/ under this name that was never finished (a stop, a crash). */
  unfinished(name: string): Promise<JournalEntry | undefined>;
}

/** Writes whole or not at all. */
async function writeWhole(file: string, text: string): Promise<void> {
  const temp = `${file}.${randomUUID()}.tmp`;
  await writeFile(temp, text);
  await rename(temp, file);
}

async function readJson<T>(file: string, fallback: T): Promise<T> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return fallback;
    throw error;
  }
}

/**
 * Why the station cannot use `path` as its folder, in an operator's words; null when it can.
 * The desk's own data folder is refused: its settings files would be taken as orders.
 */
export async function folderProblem(path: string, dataDir: string): Promise<string | null> {
  if (!isAbsolute(path) && !win32.isAbsolute(path))
    return `${path} is not a whole path: give one such as D:\\Orders, \\\\server\\share\\orders or /srv/orders`;
  try {
    const found = await stat(path);
    if (!found.isDirectory()) return `${path} is a file, not a folder`;
    const own = await realpath(dataDir).catch(() => resolve(dataDir));
    if ((await realpath(path)) === own)
      return `${path} is the station's own data folder: choose a folder of its own for order files`;
    await access(path, constants.R_OK | constants.W_OK);
    for (const sub of SUBFOLDERS) await mkdir(join(path, sub), { recursive: true });
    const probe = join(path, 'processing', `.probe-${randomUUID()}`);
    await writeFile(probe, '');
    await rm(probe);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return `There is no folder ${path} on this computer: create it, or check the drive is there`;
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
      return `The station cannot read and write ${path} (permission denied): give its user access, or choose another folder`;
    return `The station cannot use ${path}: ${(error as Error).message}`;
  }
}

export function createDeskFolder(options: { dataDir: string; now: () => number }): DeskFolder {
  const settingsFile = join(options.dataDir, WATCH_FOLDER_FILE);
  const activityFile = join(options.dataDir, ACTIVITY_FILE);
  const listeners: (() => void)[] = [];
  let kept: Kept | undefined;
  let journal: JournalEntry[] | undefined;
  let writing: Promise<void> = Promise.resolve();

  const load = async (): Promise<Kept> =>
    (kept ??= { ...DEFAULT_WATCH_FOLDER, owner: null, ...(await readJson<Partial<Kept>>(settingsFile, {})) });
  const shown = ({ path, action, enabled, columns }: Kept): WatchFolderSettings => ({
    path,
    action,
    enabled,
    ...(columns && Object.keys(columns).length > 0 ? { columns } : {}),
  });
  const entries = async () => (journal ??= await readJson<JournalEntry[]>(activityFile, []));

  return {
    kept: load,
    settings: async () => shown(await load()),
    onChange: (listener) => void listeners.push(listener),

    async configure(next, by) {
      const problem = next.path === null ? null : await folderProblem(next.path, options.dataDir);
      if (problem)
        throw validationError(
          { path: problem },
          `The watched folder was not saved: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}.`,
        );
      const saved: Kept = { ...next, owner: { userId: by.userId, username: by.username } };
      await mkdir(options.dataDir, { recursive: true });
      await writeWhole(settingsFile, JSON.stringify(saved, null, 2));
      kept = saved;
      for (const listener of listeners) listener();
      return shown(saved);
    },

    async activity() {
      const since = options.now() - ACTIVITY_DAYS * DAY_MS;
      const items = (await entries())
        .filter((e) => Date.parse(e.takenOn) >= since)
        .map(({ id: _id, ...file }) => file)
        .reverse();
      return { path: (await load()).path, items };
    },

    async unfinished(name) {
      return (await entries()).find((e) => e.status === 'processing' && e.id.endsWith(`:${name}`));
    },

    async note(entry) {
      const list = await entries();
      const at = list.findIndex((e) => e.id === entry.id);
      if (at >= 0) list[at] = entry;
      else list.push(entry);
      const since = options.now() - ACTIVITY_DAYS * DAY_MS;
      journal = list.filter((e) => Date.parse(e.takenOn) >= since).slice(-ACTIVITY_MAX);
      const text = JSON.stringify(journal);
      writing = writing.catch(() => undefined).then(() => writeWhole(activityFile, text));
      await writing;
    },
  };
}
