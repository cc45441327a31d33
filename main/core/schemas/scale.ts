/** The desk's weighing scale (docs/contract.md §21): its serial settings, its ports, a reading. */
import { Type, type Static } from 'typebox';
import { DateTime, WEIGHT_UNITS } from './common';

export const SCALE_PROTOCOLS = ['nci', 'sics', 'continuous', 'hid'] as const;
export type ScaleProtocol = (typeof SCALE_PROTOCOLS)[number];
export const SCALE_STATES = ['steady', 'motion', 'overload', 'underload'] as const;
export type ScaleState = (typeof SCALE_STATES)[number];
export const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;
export const PARITIES = ['none', 'even', 'odd'] as const;
/** Why there is no reading: no port chosen, nothing answered in time, or the port is gone. */
export const SCALE_UNAVAILABLE_REASONS = ['unset', 'silent', 'unplugged'] as const;
export type ScaleUnavailableReason = (typeof SCALE_UNAVAILABLE_REASONS)[number];

export const ScaleSettingsSchema = Type.Object(
  {
    port: Type.Union([Type.String({ minLength: 1, maxLength: 300 }), Type.Null()], {
      description:
        'The serial port: `COM3` on Windows, `/dev/ttyUSB0` or `/dev/cu.usbserial-…` elsewhere; null for none.',
    }),
    protocol: Type.Enum(SCALE_PROTOCOLS, {
      description:
        '`nci` (the station sends `W\\r`), `sics` (Mettler Toledo, `S\\r\\n`), `continuous` (the scale sends lines unasked), or `hid` (a USB HID point-of-sale scale: Dymo, Stamps.com; the serial settings do not apply).',
    }),
    baudRate: Type.Enum(BAUD_RATES),
    dataBits: Type.Enum([7, 8] as const),
    parity: Type.Enum(PARITIES),
    stopBits: Type.Enum([1, 2] as const),
  },
  { additionalProperties: false },
);
export type ScaleSettings = Static<typeof ScaleSettingsSchema>;

export const ScalePortSchema = Type.Object({
  path: Type.String({ description: 'What `port` takes.' }),
  kind: Type.Enum(['serial', 'hid'] as const, { description: '`hid`: a USB HID scale, protocol `hid`.' }),
  manufacturer: Type.Union([Type.String(), Type.Null()]),
  serialNumber: Type.Union([Type.String(), Type.Null()]),
  vendorId: Type.Union([Type.String(), Type.Null()], { description: 'USB vendor id (hex) of a USB–serial adapter.' }),
  productId: Type.Union([Type.String(), Type.Null()]),
});
export type ScalePort = Static<typeof ScalePortSchema>;
export const ScalePortList = Type.Object({
  items: Type.Array(ScalePortSchema),
  listError: Type.Union([Type.String(), Type.Null()], { description: 'Why the ports could not be listed, or null.' }),
});
export type ScalePortList = Static<typeof ScalePortList>;

export const ScaleReadingQuery = Type.Object(
  {
    weightUnit: Type.Optional(
      Type.Enum(WEIGHT_UNITS, { description: "The unit to answer in (a shipment's); the scale's own when left out." }),
    ),
  },
  { additionalProperties: false },
);
export const ScaleReadingSchema = Type.Object({
  state: Type.Enum(SCALE_STATES),
  weight: Type.Union([Type.Number(), Type.Null()], { description: 'Only when steady; null otherwise.' }),
  weightUnit: Type.Union([Type.Enum(WEIGHT_UNITS), Type.Null()]),
  readAt: DateTime,
});
export type ScaleReading = Static<typeof ScaleReadingSchema>;
