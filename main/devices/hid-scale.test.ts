/**
 * USB HID scales: data reports as Dymo's and Stamps.com's scales send them, read; and a HID
 * scale behind the desk's read(), its reports handed in by a stand-in for node-hid's device
 * (no HID scale is at hand here: docs/desk.md says what was and was not run).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeskScale } from './desk-scale';
import { hidPortName, parseHidScaleReport } from './hid-scale';
import type { ScaleLink } from './serial-link';

/** A scale data report: id 3, status, unit, exponent, weight low and high bytes. */
const report = (status: number, unit: number, exponent: number, count: number) =>
  Uint8Array.from([3, status, unit, exponent & 0xff, count & 0xff, count >> 8]);
const G = 2;
const KG = 3;
const OZ = 11;
const LB = 12;

describe('HID scale data reports', () => {
  it.each([
    ['stable, grams', report(4, G, 0, 1234), { state: 'steady', weight: 1234, unit: 'G' }],
    ['stable, tenths of an ounce (Dymo in oz)', report(4, OZ, -1, 125), { state: 'steady', weight: 12.5, unit: 'OZ' }],
    ['stable, kg to the gram', report(4, KG, -3, 2500), { state: 'steady', weight: 2.5, unit: 'KG' }],
    ['stable, hundredths of a pound', report(4, LB, -2, 275), { state: 'steady', weight: 2.75, unit: 'LB' }],
    ['stable at zero', report(2, G, 0, 0), { state: 'steady', weight: 0, unit: 'G' }],
    ['in motion', report(3, G, 0, 800), { state: 'motion', weight: null, unit: null }],
    ['under zero', report(5, G, 0, 0), { state: 'underload', weight: null, unit: null }],
    ['over weight', report(6, G, 0, 0), { state: 'overload', weight: null, unit: null }],
  ])('%s', (_name, bytes, expected) => {
    expect(parseHidScaleReport(bytes)).toEqual(expected);
  });

  it.each([
    ['a fault', report(1, G, 0, 0), /fault/],
    ['needs zeroing', report(8, G, 0, 0), /needs zeroing/],
    ['a unit a shipment cannot carry (carats)', report(4, 4, 0, 10), /unit 4/],
    ['another report', Uint8Array.from([5, 1, 2]), /not a scale data report: 05 01 02/],
  ])('says what is wrong with %s', (_name, bytes, sentence) => {
    expect(parseHidScaleReport(bytes)).toMatch(sentence);
  });
});

describe('a HID scale behind the desk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ss-hid-'));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads its latest report as the desk’s reading, and says unplugged when the device goes', async () => {
    const port = hidPortName(0x0922, 0x8003);
    let send: (report: Uint8Array) => void = () => {};
    let unplug: (error: Error) => void = () => {};
    const opened: string[] = [];
    let plugged = true;
    const desk = createDeskScale({
      dataDir: dir,
      listPorts: async () => ({ items: [], listError: null }),
      listHidScales: async () => [
        { path: port, kind: 'hid', manufacturer: 'DYMO M10', serialNumber: null, vendorId: '0922', productId: '8003' },
      ],
      // node-hid hands each report over as it comes; openHidLink writes it as a line of hex.
      openHidLink: async (asked): Promise<ScaleLink> => {
        if (!plugged) throw new Error('cannot open device with vendor id 0x922 and product id 0x8003');
        opened.push(asked);
        const data: ((chunk: Buffer) => void)[] = [];
        const closed: ((error: Error | null) => void)[] = [];
        send = (bytes) => data.forEach((listener) => listener(Buffer.from(`${Buffer.from(bytes).toString('hex')}\n`)));
        unplug = (error) => closed.forEach((listener) => listener(error));
        return {
          write: async () => {},
          onData: (listener) => data.push(listener),
          onClose: (listener) => closed.push(listener),
          close: async () => {},
        };
      },
    });
    expect((await desk.ports()).items.map((p) => p.path)).toEqual([port]);
    await expect(
      desk.configure({
        port: '/dev/ttyUSB0',
        protocol: 'hid',
        baudRate: 9600,
        dataBits: 8,
        parity: 'none',
        stopBits: 1,
      }),
    ).rejects.toMatchObject({ members: { port: expect.stringMatching(/is not a USB HID scale/) } });
    await expect(
      desk.configure({ port, protocol: 'nci', baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 }),
    ).rejects.toMatchObject({ members: { port: expect.stringMatching(/choose the protocol USB HID/) } });
    await desk.configure({ port, protocol: 'hid', baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 });

    const first = desk.read();
    await new Promise((r) => setTimeout(r, 20));
    send(report(4, G, 0, 1234));
    expect(await first).toMatchObject({ state: 'steady', weight: 1234, unit: 'G', port });
    send(report(3, G, 0, 1300));
    expect(await desk.read()).toMatchObject({ state: 'motion', weight: null });
    expect(opened).toEqual([port]);

    plugged = false;
    unplug(new Error('could not read from HID device'));
    const gone = await desk.read().catch((error: unknown) => error);
    expect(gone).toMatchObject({ kind: 'scale-unavailable', members: { reason: 'unplugged', scale: port } });
    expect((gone as Error).message).toMatch(
      /^The USB scale hid:0922:8003 could not be opened: is it plugged in and on\?/,
    );
    await desk.close();
  });
});
