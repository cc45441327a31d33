/**
 * The wire to a scale: a serial port opened with the `serialport` package (USB–serial
 * adapters and RS-232 alike; a pseudo-terminal in the tests). serialport loads its native
 * binding when first used, so a station that never weighs never loads it.
 */
import { readdir, stat } from 'node:fs/promises';
import type { ScalePort, ScalePortList, ScaleSettings } from '../core/schemas';

/** An open port: bytes out, bytes in, and word when it goes away. */
export interface ScaleLink {
  write(text: string): Promise<void>;
  onData(listener: (chunk: Buffer) => void): void;
  /** Called once when the port is gone (unplugged: with the error) or closed. */
  onClose(listener: (error: Error | null) => void): void;
  close(): Promise<void>;
}

/** How often an open port's device node is checked for (ms). */
const PORT_WATCH_MS = 200;

export type OpenScaleLink = (settings: ScaleSettings & { port: string }) => Promise<ScaleLink>;

export const openSerialLink: OpenScaleLink = async (settings) => {
  const { SerialPort } = await import('serialport');
  const port = new SerialPort({
    path: settings.port,
    baudRate: settings.baudRate,
    dataBits: settings.dataBits,
    parity: settings.parity,
    stopBits: settings.stopBits,
    autoOpen: false,
  });
  await new Promise<void>((resolve, reject) => port.open((error) => (error ? reject(error) : resolve())));
  let closed = false;
  const closeListeners: ((error: Error | null) => void)[] = [];
  const ended = (error: Error | null) => {
    if (closed) return;
    closed = true;
    clearInterval(watch);
    for (const listener of closeListeners) listener(error);
    if (port.isOpen) port.close(() => {});
  };
  port.on('close', (error: Error | null) => ended(error ?? null));
  // Read errors end in 'close' too; without a listener an 'error' event would throw.
  port.on('error', () => {});
  // A device node that vanishes is a pulled adapter, even when no read error says so (a
  // listened-to scale's port is never written to, and a hang-up is not always reported).
  // (Windows has no device node to look at.)
  const watch =
    process.platform === 'win32'
      ? undefined
      : setInterval(() => {
          stat(settings.port).catch((error: NodeJS.ErrnoException) => {
            if (error.code === 'ENOENT') ended(new Error('the port is gone'));
          });
        }, PORT_WATCH_MS).unref();
  return {
    write: (text) =>
      new Promise<void>((resolve, reject) =>
        port.write(Buffer.from(text, 'latin1'), (error) => (error ? reject(error) : resolve())),
      ),
    onData: (listener) => port.on('data', listener),
    onClose: (listener) => closeListeners.push(listener),
    close: () => (closed ? Promise.resolve() : new Promise<void>((resolve) => port.close(() => resolve()))),
  };
};

/** Ports whose names say a serial adapter, for a system where serialport cannot list (no udevadm). */
const SERIAL_DEVICE = /^(ttyUSB\d+|ttyACM\d+|ttyAMA\d+|rfcomm\d+|cu\..+)$/;

const portOf = (path: string): ScalePort => ({
  path,
  manufacturer: null,
  serialNumber: null,
  vendorId: null,
  productId: null,
});

/** The system's serial ports, as serialport lists them, or from /dev where it cannot. */
export async function listSerialPorts(): Promise<ScalePortList> {
  let listError: string | null;
  try {
    const { SerialPort } = await import('serialport');
    const ports = await SerialPort.list();
    return {
      items: ports.map((p) => ({
        ...portOf(p.path),
        manufacturer: p.manufacturer ?? null,
        serialNumber: p.serialNumber ?? null,
        vendorId: p.vendorId ?? null,
        productId: p.productId ?? null,
      })),
      listError: null,
    };
  } catch (error) {
    listError = (error as Error).message;
  }
  if (process.platform === 'win32') return { items: [], listError };
  try {
    const names = (await readdir('/dev')).filter((name) => SERIAL_DEVICE.test(name)).sort();
    return { items: names.map((name) => portOf(`/dev/${name}`)), listError: null };
  } catch {
    return { items: [], listError };
  }
}
