/**
 * This desk's scale (docs/contract.md §21): which port and protocol, kept in `scale.json` in the
 * desk's data folder (like printers.json: desks sharing a database each have their own
 * scale), and the open port, opened at the first reading and again after an unplugging.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { scaleUnavailable, validationError } from '../core/errors';
import { DEFAULT_SCALE_SETTINGS, type DeskScale } from '../core/scale';
import type { ScaleProtocol as ProtocolName, ScalePort, ScalePortList, ScaleSettings } from '../core/schemas';
import { continuous } from './continuous';
import { HID_PORT, hidPos, listHidScales, openHidLink } from './hid-scale';
import { nci } from './nci';
import type { ScaleProtocol } from './scale-protocol';
import { listSerialPorts, openSerialLink, type OpenScaleLink, type ScaleLink } from './serial-link';
import { SerialScale } from './serial-scale';
import { sics } from './sics';

export const SCALE_FILE = 'scale.json';

const PROTOCOLS: Record<ProtocolName, ScaleProtocol> = { nci, sics, continuous, hid: hidPos };

export interface DeskScaleOptions {
  dataDir: string;
  /** Opens a serial port (serialport's); a test may hand another. */
  openLink?: OpenScaleLink;
  /** Opens a USB HID scale by its `hid:` port (node-hid's); a test may hand another. */
  openHidLink?: (port: string) => Promise<ScaleLink>;
  listPorts?: () => Promise<ScalePortList>;
  listHidScales?: () => Promise<ScalePort[]>;
  /** How long a scale has to answer (ms): a reading is never older than this. */
  answerTimeoutMs?: number;
}

/** `COM3` (Windows), or an absolute device path elsewhere. */
const SERIAL_PORT = /^(COM[1-9]\d{0,2}|\\\\\.\\COM[1-9]\d{0,2}|\/\S+)$/i;

/** What is wrong with a port for a protocol, in an operator's words, or null. */
function portProblem(port: string, protocol: ProtocolName): string | null {
  if (protocol === 'hid')
    return HID_PORT.test(port)
      ? null
      : `${port} is not a USB HID scale: choose one that Settings → Scale lists (hid:…)`;
  if (HID_PORT.test(port)) return `${port} is a USB HID scale: choose the protocol USB HID for it`;
  return SERIAL_PORT.test(port)
    ? null
    : `${port} is not a serial port: COM3 on Windows, /dev/ttyUSB0 or /dev/cu.usbserial-… elsewhere`;
}

/** Why a port would not open, in an operator's words. */
function openFailure(port: string, error: NodeJS.ErrnoException): string {
  const message = error.message ?? String(error);
  if (HID_PORT.test(port)) return `The USB scale ${port} could not be opened: is it plugged in and on? (${message})`;
  if (error.code === 'ENOENT' || /no such file|cannot find|not found/i.test(message))
    return `There is no port ${port}: is the scale plugged in? Settings → Scale lists the ports there are.`;
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
    // The data folder and what is in it are the station's user's alone, whichever the store.
    await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
    const temp = `${file}.${randomUUID()}.tmp`;
    await writeFile(temp, JSON.stringify(next, null, 2), { mode: 0o600 });
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
    const openFor = (chosen: ScaleSettings & { port: string }) =>
      chosen.protocol === 'hid' ? (options.openHidLink ?? openHidLink)(chosen.port) : openLink(chosen);
    opening ??= openFor(current).then(
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
    async ports() {
      const [serial, hid] = await Promise.all([
        (options.listPorts ?? listSerialPorts)(),
        (options.listHidScales ?? listHidScales)(),
      ]);
      return { items: [...serial.items, ...hid], listError: serial.listError };
    },
    settings: load,

    async configure(next) {
      const problem = next.port === null ? null : portProblem(next.port, next.protocol);
      if (problem) throw validationError({ port: problem });
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
