/**
 * This desk's scale (CONTRACT §21): which port and protocol, kept in `scale.json` in the
 * desk's data folder (like printers.json: desks sharing a database each have their own
 * scale), and the open port, opened at the first reading and again after an unplugging.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { scaleUnavailable, validationError } from '../core/errors';
import { DEFAULT_SCALE_SETTINGS, type DeskScale } from '../core/scale';
import type { ScaleProtocol as ProtocolName, ScalePortList, ScaleSettings } from '../core/schemas';
import { continuous } from './continuous';
import { nci } from './nci';
import type { ScaleProtocol } from './scale-protocol';
import { listSerialPorts, openSerialLink, type OpenScaleLink } from './serial-link';
import { SerialScale } from './serial-scale';
import { sics } from './sics';

export const SCALE_FILE = 'scale.json';

const PROTOCOLS: Record<ProtocolName, ScaleProtocol> = { nci, sics, continuous };

export interface DeskScaleOptions {
  dataDir: string;
  /** Opens a port (serialport's); a test may hand another. */
  openLink?: OpenScaleLink;
  listPorts?: () => Promise<ScalePortList>;
  /** How long a scale has to answer (ms): a reading is never older than this. */
  answerTimeoutMs?: number;
}

/** `COM3` (Windows), or an absolute device path elsewhere. */
const PORT_NAME = /^(COM[1-9]\d{0,2}|\\\\\.\\COM[1-9]\d{0,2}|\/\S+)$/i;

/** Why a port would not open, in an operator's words. */
function openFailure(port: string, error: NodeJS.ErrnoException): string {
  const message = error.message ?? String(error);
  if (error.code === 'ENOENT' || /no such file|cannot find|not found/i.test(message))
    return `There is no port ${port}: is the scale plugged in? (Settings → Scale lists the ports there are.)`;
  if (error.code === 'EACCES' || /permission|access denied/i.test(message))
    return `The station may not open ${port}: on Linux, add its user to the dialout group.`;
  if (/lock|busy/i.test(message)) return `Another program holds ${port}: close it and try again.`;
  return `${port} could not be opened: ${message}`;
}

export function createDeskScale(options: DeskScaleOptions): DeskScale {
  const file = join(options.dataDir, SCALE_FILE);
  const openLink = options.openLink ?? openSerialLink;
  const answerTimeoutMs = options.answerTimeoutMs ?? 1000;
  let settings: ScaleSettings | null = null;
  let scale: SerialScale | null = null;
  let opening: Promise<SerialScale> | null = null;

  async function load(): Promise<ScaleSettings> {
    if (settings) return settings;
    try {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<ScaleSettings>;
      settings = { ...DEFAULT_SCALE_SETTINGS, ...parsed };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      settings = { ...DEFAULT_SCALE_SETTINGS };
    }
    return settings;
  }

  async function save(next: ScaleSettings): Promise<void> {
    await mkdir(options.dataDir, { recursive: true });
    const temp = `${file}.${randomUUID()}.tmp`;
    await writeFile(temp, JSON.stringify(next, null, 2));
    await rename(temp, file); // whole or not at all
  }

  async function letGo(): Promise<void> {
    const held = scale ?? (await opening?.catch(() => null));
    scale = null;
    opening = null;
    await held?.close();
  }

  async function connected(current: ScaleSettings & { port: string }): Promise<SerialScale> {
    if (scale?.open) return scale;
    scale = null;
    opening ??= openLink(current).then(
      (link) => new SerialScale(link, PROTOCOLS[current.protocol], current.port, { answerTimeoutMs }),
      (error: NodeJS.ErrnoException) => {
        throw scaleUnavailable('unplugged', openFailure(current.port, error), current.port);
      },
    );
    try {
      const opened = await opening;
      if (settings === current) scale = opened;
      return opened;
    } finally {
      opening = null;
    }
  }

  return {
    ports: () => (options.listPorts ?? listSerialPorts)(),
    settings: load,

    async configure(next) {
      if (next.port !== null && !PORT_NAME.test(next.port))
        throw validationError({
          port: `${next.port} is not a serial port: COM3 on Windows, /dev/ttyUSB0 or /dev/cu.usbserial-… elsewhere`,
        });
      await save(next);
      settings = { ...next };
      await letGo();
      return settings;
    },

    async read() {
      const current = await load();
      if (current.port === null)
        throw scaleUnavailable('unset', 'No scale is chosen for this desk (Settings → Scale).', null);
      const open = await connected(current as ScaleSettings & { port: string });
      return open.read();
    },

    close: letGo,
  };
}
