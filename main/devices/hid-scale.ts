/**
 * USB HID scales (Dymo, Stamps.com, Mettler Toledo PS, and any scale that follows the USB
 * HID point-of-sale usage tables), read through node-hid on the main side behind the same
 * read() as the serial scales. Such a scale sends a data report whenever it has one:
 * report id 3, status, unit, a signed power-of-ten exponent, and the weight as a 16-bit
 * little-endian count. No HID scale was at hand when this was written: the reports are
 * tested as Dymo's documentation gives them, the device link is not (docs/desk.md).
 */
import type { ScalePort } from '../core/schemas';
import { notWeighing, shown, splitFrames, steadyFrame, type ScaleFrame, type ScaleProtocol } from './scale-protocol';
import type { ScaleLink } from './serial-link';

const DATA_REPORT = 3;

/** Status byte of the scale data report (HID point-of-sale usage page 0x8D). */
const STATUS = {
  fault: 1,
  stableAtZero: 2,
  inMotion: 3,
  stable: 4,
  underZero: 5,
  overWeight: 6,
  requiresCalibration: 7,
  requiresRezeroing: 8,
} as const;

/** Weight units of the data report that a shipment can carry. */
const UNITS: Record<number, 'G' | 'KG' | 'OZ' | 'LB'> = { 2: 'G', 3: 'KG', 11: 'OZ', 12: 'LB' };

/** The known makers of HID scales, for systems that do not tell a device's usage page. */
const SCALE_VENDORS = new Set([0x0922 /* Dymo */, 0x1446 /* Stamps.com */, 0x0eb8 /* Mettler Toledo */]);
const SCALE_USAGE_PAGE = 0x8d;

export function parseHidScaleReport(report: Uint8Array): ScaleFrame | string {
  if (report.length < 6 || report[0] !== DATA_REPORT)
    return `not a scale data report: ${[...report].map((b) => b.toString(16).padStart(2, '0')).join(' ')}`;
  const [, status, unitCode, exponentByte, low, high] = report as unknown as number[];
  switch (status) {
    case STATUS.inMotion:
      return notWeighing('motion');
    case STATUS.overWeight:
      return notWeighing('overload');
    case STATUS.underZero:
      return notWeighing('underload');
    case STATUS.stable:
    case STATUS.stableAtZero: {
      const unit = UNITS[unitCode!];
      if (!unit) return `the scale weighs in unit ${unitCode}, not g, kg, oz or lb`;
      const exponent = exponentByte! > 127 ? exponentByte! - 256 : exponentByte!;
      const count = status === STATUS.stableAtZero ? 0 : low! + high! * 256;
      return steadyFrame(Number((count * 10 ** exponent).toFixed(Math.max(0, -exponent))), unit);
    }
    case STATUS.fault:
      return 'the scale reports a fault';
    case STATUS.requiresCalibration:
      return 'the scale needs calibrating';
    case STATUS.requiresRezeroing:
      return 'the scale needs zeroing: empty it and press its zero key';
    default:
      return `the scale sent status ${status}`;
  }
}

/**
 * The point-of-sale scale protocol over a link that carries each report as one line of hex
 * (openHidLink writes them so), so that one driver (serial-scale.ts) serves every scale.
 */
export const hidPos: ScaleProtocol = {
  name: 'USB HID',
  request: null,
  frames: (received) => splitFrames(received, '\n'),
  parse: (line) => {
    if (!/^([0-9a-f]{2})+$/.test(line)) return `not a HID report: ${shown(line)}`;
    return parseHidScaleReport(Buffer.from(line, 'hex'));
  },
};

const hex4 = (n: number) => n.toString(16).padStart(4, '0');

/** A HID scale's port as the settings name it: `hid:<vendor id>:<product id>` in hex. */
export const hidPortName = (vendorId: number, productId: number) => `hid:${hex4(vendorId)}:${hex4(productId)}`;
export const HID_PORT = /^hid:([0-9a-f]{4}):([0-9a-f]{4})$/i;

/** A HID device as node-hid lists it. */
interface HidDevice {
  vendorId: number;
  productId: number;
  manufacturer?: string | undefined;
  product?: string | undefined;
  serialNumber?: string | undefined;
  usagePage?: number | undefined;
}

/** The HID scales plugged in (none where node-hid cannot load). */
export async function listHidScales(): Promise<ScalePort[]> {
  let devices: HidDevice[];
  try {
    const HID = await import('node-hid');
    devices = await HID.devicesAsync();
  } catch {
    return [];
  }
  const scales = devices.filter((d) => d.usagePage === SCALE_USAGE_PAGE || SCALE_VENDORS.has(d.vendorId));
  const seen = new Set<string>();
  return scales.flatMap((d) => {
    const path = hidPortName(d.vendorId, d.productId);
    if (seen.has(path)) return [];
    seen.add(path);
    return [
      {
        path,
        kind: 'hid' as const,
        manufacturer: [d.manufacturer, d.product].filter(Boolean).join(' ') || null,
        serialNumber: d.serialNumber ?? null,
        vendorId: hex4(d.vendorId),
        productId: hex4(d.productId),
      },
    ];
  });
}

/** Opens a HID scale with node-hid; each report arrives as a line of hex (see hidPos). */
export async function openHidLink(port: string): Promise<ScaleLink> {
  const ids = HID_PORT.exec(port);
  if (!ids) throw Object.assign(new Error(`${port} is not a HID scale`), { code: 'ENOENT' });
  const HID = await import('node-hid');
  let device: Awaited<ReturnType<typeof HID.HIDAsync.open>>;
  try {
    device = await HID.HIDAsync.open(parseInt(ids[1]!, 16), parseInt(ids[2]!, 16));
  } catch (error) {
    // node-hid says "cannot open device" both for none plugged in and for no permission.
    throw Object.assign(
      new Error(`${(error as Error).message} (on Linux, a udev rule must let this user read hidraw)`),
      {
        code: 'ENOENT',
      },
    );
  }
  let closed = false;
  const closeListeners: ((error: Error | null) => void)[] = [];
  const ended = (error: Error | null) => {
    if (closed) return;
    closed = true;
    for (const listener of closeListeners) listener(error);
    void device.close().catch(() => {});
  };
  device.on('error', (error: Error) => ended(error));
  return {
    // A HID scale is never asked: it reports by itself.
    write: async () => {},
    onData: (listener) => device.on('data', (report: Buffer) => listener(Buffer.from(`${report.toString('hex')}\n`))),
    onClose: (listener) => closeListeners.push(listener),
    close: async () => {
      if (closed) return;
      closed = true;
      await device.close();
    },
  };
}
