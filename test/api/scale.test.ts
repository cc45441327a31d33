/**
 * The desk's scale over HTTP (docs/contract.md §21), for real: a socat pseudo-terminal stands in
 * for the scale and answers NCI, SICS or continuous output as a real one does, through the
 * station's own serialport link. Steady weights (converted when asked), motion, overload,
 * under zero, a load changed between readings, unplugging and plugging back in, a silent
 * scale, the one-second rule, and the settings kept by the desk, not in its database.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProblemError } from '../../main/core/errors';
import { SCALE_FILE } from '../../main/devices/desk-scale';
import { startTestScale, type TestScale, type TestScaleProtocol } from '../helpers/scale';
import { stationForFile } from '../helpers/station';

const { t, token, get } = await stationForFile();
/** A GET after a pause: requests injected back to back would leave the port's events no turn. */
const pausedGet = async (url: string) => {
  await new Promise((r) => setTimeout(r, 20));
  return get(url);
};
const putScale = (payload: Record<string, unknown>) => t.request({ method: 'PUT', url: '/scale', token, payload });
const SERIAL = { baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 } as const;

interface Reading {
  state: string;
  weight: number | null;
  weightUnit: string | null;
  readAt: string;
}

/** Polls GET /scale/reading until it answers `accept` (a continuous scale speaks every 100 ms). */
async function readingUntil(accept: (r: Reading) => boolean, query = ''): Promise<Reading> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const res = await pausedGet(`/scale/reading${query}`);
    const body = res.json<Reading>();
    if (res.statusCode === 200 && accept(body)) return body;
    if (Date.now() > deadline) throw new Error(`no such reading; last: ${res.statusCode} ${res.body}`);
  }
}

describe('settings', () => {
  it('starts with no scale: GET /scale says so and a reading is a 503 "unset"', async () => {
    const settings = await get('/scale');
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toEqual({
      port: null,
      protocol: 'nci',
      baudRate: 9600,
      dataBits: 7,
      parity: 'even',
      stopBits: 1,
    });
    const reading = await get('/scale/reading');
    expect(reading.statusCode).toBe(503);
    expect(reading.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(reading.json()).toMatchObject({
      type: '/problems/scale-unavailable',
      status: 503,
      reason: 'unset',
      scale: '',
      detail: 'No scale is chosen for this desk (Settings → Scale).',
    });
  });

  it('refuses wrong settings naming every field at once, and keeps nothing', async () => {
    const res = await putScale({
      port: 'the scale',
      protocol: 'ascii',
      baudRate: 9601,
      dataBits: 6,
      parity: 'mark',
      stopBits: 3,
    });
    expect(res.statusCode).toBe(400);
    const problem = res.json<Record<string, string>>();
    expect(Object.keys(problem)).toEqual(
      expect.arrayContaining(['protocol', 'baudRate', 'dataBits', 'parity', 'stopBits']),
    );
    expect(problem.protocol).toMatch(/^Protocol /);
    const portOnly = await putScale({ port: 'the scale', protocol: 'nci', ...SERIAL });
    expect(portOnly.statusCode).toBe(400);
    expect(portOnly.json()).toMatchObject({ port: expect.stringMatching(/^the scale is not a serial port: COM3/) });
    expect((await get('/scale')).json()).toMatchObject({ port: null });
    expect(existsSync(join(t.dataDir, SCALE_FILE))).toBe(false);
  });

  it('keeps the choice in scale.json in the desk’s data folder, not in the shared database', async () => {
    const chosen = { port: 'COM3', protocol: 'sics', ...SERIAL };
    const res = await putScale(chosen);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(chosen);
    expect((await get('/scale')).json()).toEqual(chosen);
    expect(JSON.parse(readFileSync(join(t.dataDir, SCALE_FILE), 'utf8'))).toEqual(chosen);
    const unplugged = await get('/scale/reading');
    expect(unplugged.statusCode).toBe(503);
    expect(unplugged.json()).toMatchObject({ reason: 'unplugged', scale: 'COM3' });
  });

  it('lists the serial ports', async () => {
    const res = await get('/scale/ports');
    expect(res.statusCode).toBe(200);
    const list = res.json<{ items: { path: string; kind: string }[]; listError: string | null }>();
    expect(list.listError).toBeNull();
    expect(Array.isArray(list.items)).toBe(true);
    for (const port of list.items) expect(port.path).toMatch(port.kind === 'hid' ? /^hid:/ : /^\/dev\//);
  });

  it('answers only a signed-in user', async () => {
    for (const url of ['/scale', '/scale/ports', '/scale/reading']) {
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe.each<TestScaleProtocol>(['nci', 'sics', 'continuous'])('a %s scale on a pseudo-terminal', (protocol) => {
  let scale: TestScale;
  beforeAll(async () => {
    scale = await startTestScale(protocol, { weight: 1.234, unit: 'kg' });
    expect((await putScale({ port: scale.port, protocol, ...SERIAL })).statusCode).toBe(200);
  });
  afterEach(async () => {
    // A test that failed with the scale unplugged leaves it plugged in for the next.
    if (!scale.plugged) await scale.plugIn();
    scale.silent = false;
    scale.set({ state: 'steady', weight: 1.234, unit: 'kg' });
  });
  afterAll(async () => {
    await putScale({ port: null, protocol: 'nci', ...SERIAL });
    await scale.close();
  });

  it('reads a steady weight, stamped by the station’s clock at most a second ago', async () => {
    const reading = await readingUntil((r) => r.state === 'steady');
    expect(reading).toMatchObject({ state: 'steady', weight: 1.234, weightUnit: 'KG' });
    const age = t.clock.now - Date.parse(reading.readAt);
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThanOrEqual(1000);
    if (protocol !== 'continuous') expect(scale.questions).toBeGreaterThan(0);
  });

  it('converts to the unit asked for, and follows a load changed between readings', async () => {
    expect(await readingUntil((r) => r.weight !== null, '?weightUnit=LB')).toMatchObject({
      weight: 2.721,
      weightUnit: 'LB',
    });
    scale.set({ weight: 5.5, unit: 'lb' });
    expect(await readingUntil((r) => r.weight === 5.5)).toMatchObject({ state: 'steady', weightUnit: 'LB' });
    expect(await readingUntil((r) => r.weightUnit === 'KG', '?weightUnit=KG')).toMatchObject({ weight: 2.495 });
    scale.set({ weight: 350, unit: 'g' });
    expect(await readingUntil((r) => r.weight === 0.35, '?weightUnit=KG')).toMatchObject({ weightUnit: 'KG' });
  });

  it.each([
    ['motion', 'motion'],
    ['overload', 'overload'],
    ['underload', 'underload'],
    ['busy', 'motion'],
  ] as const)('shows %s as %s, never as a weight', async (state, shown) => {
    if (state === 'busy' && protocol !== 'sics') return;
    scale.set({ state });
    expect(await readingUntil((r) => r.state === shown)).toMatchObject({ weight: null, weightUnit: null });
  });

  it('reads an empty platter as a steady zero', async () => {
    scale.set({ weight: 0 });
    expect(await readingUntil((r) => r.weight === 0)).toMatchObject({ state: 'steady', weightUnit: 'KG' });
  });

  it('says "unplugged" when the port goes away, and reads again once it is back', async () => {
    await readingUntil((r) => r.state === 'steady');
    await scale.unplug();
    const pulled = Date.now();
    // The port's end is noticed as it happens (a read error), well before a silence would count.
    let gone = await get('/scale/reading');
    while (gone.statusCode === 200 && Date.now() - pulled < 2000) gone = await pausedGet('/scale/reading');
    expect(Date.now() - pulled).toBeLessThan(500);
    expect(gone.statusCode).toBe(503);
    expect(gone.json()).toMatchObject({
      type: '/problems/scale-unavailable',
      reason: 'unplugged',
      scale: scale.port,
    });
    await scale.plugIn();
    scale.set({ weight: 2.5 });
    expect(await readingUntil((r) => r.weight === 2.5)).toMatchObject({ state: 'steady', weightUnit: 'KG' });
  });

  it('says "silent" when the scale stops talking, once its last word is more than a second old', async () => {
    await readingUntil((r) => r.state === 'steady');
    scale.silent = true;
    const started = Date.now();
    let res = await get('/scale/reading');
    // A scale that talks unasked is believed for a second after its last line; an asked one must answer.
    while (res.statusCode === 200 && Date.now() - started < 2000) res = await pausedGet('/scale/reading');
    expect(Date.now() - started).toBeGreaterThanOrEqual(protocol === 'continuous' ? 900 : 1000);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ reason: 'silent', scale: scale.port });
    expect(res.json<{ detail: string }>().detail).toMatch(
      protocol === 'continuous' ? /has said nothing for 1\.\d s/ : /did not answer within 1 s/,
    );
    scale.silent = false;
    await readingUntil((r) => r.state === 'steady');
  });

  it('steadyWeight() waits through motion for the next steady weight above zero', async () => {
    scale.set({ weight: 0 });
    await readingUntil((r) => r.weight === 0);
    const asked = Date.now();
    setTimeout(() => scale.set({ weight: 3.2, settleMs: 400 }), 100);
    const weighed = await t.station.scale.steadyWeight({ weightUnit: 'KG', timeoutMs: 5000 });
    expect(weighed).toMatchObject({ state: 'steady', weight: 3.2, weightUnit: 'KG' });
    expect(Date.now() - asked).toBeGreaterThanOrEqual(450);
  });

  it('steadyWeight() gives up after its timeout, saying what the scale last showed', async () => {
    scale.set({ state: 'motion' });
    await readingUntil((r) => r.state === 'motion');
    const failure = await t.station.scale.steadyWeight({ timeoutMs: 600 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ProblemError);
    expect(failure).toMatchObject({ kind: 'scale-unavailable', members: { reason: 'not-steady' } });
    expect((failure as Error).message).toMatch(/did not settle above zero within 0.6 s \(last: motion\)/);
  });
});

it('steadyWeight() fails at once when no scale is chosen', async () => {
  const started = Date.now();
  await expect(t.station.scale.steadyWeight({ timeoutMs: 5000 })).rejects.toMatchObject({
    members: { reason: 'unset' },
  });
  expect(Date.now() - started).toBeLessThan(500);
});
