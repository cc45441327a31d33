import { describe, expect, it } from 'vitest';
import { defaultDataDir } from '../../main/core/data-dir';
import fc from 'fast-check';
import { iso, parseDateInput } from '../../main/core/dates';
import { canonicalPostCode, postCodeKey, usesPostCodes } from '../../main/core/postcodes';
import { isValidTrackingNumber, makeTrackingNumber, s10CheckDigit } from '../../main/core/s10';
import { STATUSES, type ShipmentStatus } from '../../main/core/schemas';
import { STATUS_CODES, canTransition } from '../../main/core/statuses';
import { Type } from 'typebox';
import { CARRIER_STATUSES } from '../helpers/records';
import { responseSerializer, unescapedBase64 } from '../../main/http/app';
import { isAllowedHost, isAllowedOrigin } from '../../main/http/loopback-policy';

describe('S10 tracking numbers', () => {
  it('computes the check digit of the UPU S10 worked example RR473124829GB', () => {
    expect(s10CheckDigit('47312482')).toBe(9);
  });
  it('maps 10 to 0 and 11 to 5', () => {
    // 00000001: sum 7 → 11-7 = 4; find serials whose raw result is 10 and 11.
    const raw = (serial: string) =>
      11 - ([...serial].reduce((s, d, i) => s + Number(d) * [8, 6, 4, 2, 3, 5, 9, 7][i]!, 0) % 11);
    const ten = [...Array(1000).keys()].map((n) => String(n).padStart(8, '0')).find((s) => raw(s) === 10)!;
    const eleven = [...Array(1000).keys()].map((n) => String(n).padStart(8, '0')).find((s) => raw(s) === 11)!;
    expect(s10CheckDigit(ten)).toBe(0);
    expect(s10CheckDigit(eleven)).toBe(5);
  });
  it('builds and checks whole numbers', () => {
    expect(makeTrackingNumber('RR', 47312482, 'GB')).toBe('RR473124829GB');
    expect(isValidTrackingNumber('RR473124829GB')).toBe(true);
    expect(isValidTrackingNumber('RR473124828GB')).toBe(false);
    expect(() => makeTrackingNumber('R1', 1, 'GB')).toThrow();
    expect(() => makeTrackingNumber('RR', 100_000_000, 'GB')).toThrow();
  });
});

describe('post codes', () => {
  it.each([
    ['GB', 'sw1a1aa', 'SW1A 1AA'],
    ['GB', ' ec1a  1bb ', 'EC1A 1BB'],
    ['US', '123456789', '12345-6789'],
    ['CA', 'k1a0b1', 'K1A 0B1'],
    ['NL', '1234ab', '1234 AB'],
    ['IE', 'd02x285', 'D02 X285'],
    ['DE', '10115', '10115'],
    ['FR', '75 001', '75001'],
    ['ES', '28013', '28013'],
    ['IT', '00184', '00184'],
    ['AU', '2000', '2000'],
  ])('%s %s → %s', (country, raw, canonical) => expect(canonicalPostCode(country, raw)).toBe(canonical));
  it.each([
    ['GB', 'SW1A 9ZZZ'],
    ['US', '1234'],
    ['DE', '1011'],
    ['NL', '0123 AB1'],
    ['CA', 'D1A 0B1'],
  ])('%s %s is not valid', (c, raw) => expect(canonicalPostCode(c, raw)).toBeNull());
  it('knows countries without post codes, and compares ignoring case and spaces', () => {
    expect(usesPostCodes('GB')).toBe(true);
    expect(usesPostCodes('HK')).toBe(false);
    expect(postCodeKey('sw1a 1aa')).toBe(postCodeKey('SW1A1AA'));
  });
});

describe('status transitions (docs/contract.md §8), every pair', () => {
  const carrier = CARRIER_STATUSES;
  const terminal: ShipmentStatus[] = ['Delivered to Receiver', 'Returned to Sender', 'Lost', 'Destroyed', 'Cancelled'];
  const expected = (from: ShipmentStatus, to: ShipmentStatus): boolean => {
    if (terminal.includes(from)) return false;
    if (from === 'Not Printed') return to === 'Printed' || to === 'Cancelled';
    if (from === 'Printed') return to === 'Manifested' || to === 'Cancelled' || carrier.includes(to);
    if (from === 'Manifested') return to === 'Cancelled' || carrier.includes(to);
    if (from === 'Awaiting Collection') return to === 'Cancelled' || carrier.includes(to) || terminal.includes(to);
    return carrier.includes(to) || (terminal.includes(to) && to !== 'Cancelled');
  };
  for (const from of STATUSES) {
    it(`from ${from}`, () => {
      for (const to of STATUSES) expect(canTransition(from, to), `${from} → ${to}`).toBe(expected(from, to));
    });
  }
});

describe('status codes (kept in both databases beside the search terms)', () => {
  it('never change: every status has its own code, written out here as stored', () => {
    // A stored code that moved would file every shipment under another status: extend, never edit.
    expect(STATUS_CODES).toEqual({
      'Not Printed': 1,
      Printed: 2,
      Manifested: 3,
      'Awaiting Collection': 4,
      'Enroute to Depot': 5,
      'At the Depot': 6,
      'On Vehicle For Delivery': 7,
      Unknown: 8,
      'On Hold': 9,
      Lost: 10,
      Destroyed: 11,
      'Not Scanned': 12,
      'Delivered to Receiver': 13,
      'Returned to Sender': 14,
      Failed: 15,
      Cancelled: 16,
    });
    expect(Object.keys(STATUS_CODES).sort()).toEqual([...STATUSES].sort());
    expect(new Set(Object.values(STATUS_CODES)).size).toBe(STATUSES.length);
  });
});

describe('dates', () => {
  it.each([
    ['2026-11-21', Date.parse('2026-11-21T00:00:00Z'), true],
    ['2026-11-21T10:00:00+02:00', Date.parse('2026-11-21T08:00:00Z'), false],
    ['2026-11-21T10:00Z', Date.parse('2026-11-21T10:00:00Z'), false],
    ['2026-11-21T10:00:00.123456Z', Date.parse('2026-11-21T10:00:00.123Z'), false],
  ])('%s', (text, ms, dateOnly) => expect(parseDateInput(text)).toEqual({ ms, dateOnly }));
  it.each(['2026-02-30', '2026-11-21T10:00:00', '21/11/2026', '2026-11-21T25:00Z', ''])('%j is refused', (text) =>
    expect(parseDateInput(text)).toBeNull(),
  );
});

describe('loopback policy', () => {
  it('allows only loopback names with our port as Host', () => {
    expect(isAllowedHost('127.0.0.1:7317', 7317)).toBe(true);
    expect(isAllowedHost('LOCALHOST:7317', 7317)).toBe(true);
    expect(isAllowedHost('[::1]:7317', 7317)).toBe(true);
    for (const host of [
      '127.0.0.1',
      '127.0.0.1:7318',
      'evil.com:7317',
      '127.0.0.1.evil.com:7317',
      'localhost:7317@evil',
      undefined,
    ]) {
      expect(isAllowedHost(host, 7317), String(host)).toBe(false);
    }
  });
  it('allows no Origin or our own, nothing else', () => {
    expect(isAllowedOrigin(undefined, 7317)).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:7317', 7317)).toBe(true);
    expect(isAllowedOrigin('http://localhost:7317', 7317)).toBe(true);
    for (const origin of [
      'null',
      'https://127.0.0.1:7317',
      'http://127.0.0.1:7317.evil.com',
      'http://user@127.0.0.1:7317',
      'http://evil.com',
      'file://',
      'http://127.0.0.1:7317/x',
    ]) {
      expect(isAllowedOrigin(origin, 7317), origin).toBe(false);
    }
  });
});

describe('data directory', () => {
  it('follows docs/contract.md §10 per platform and the environment override', () => {
    expect(defaultDataDir({ SHIPPING_STATION_DATA_DIR: '/x' }, 'linux')).toBe('/x');
    expect(defaultDataDir({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'win32')).toMatch(/Roaming.Shipping Station$/);
    expect(defaultDataDir({}, 'darwin')).toMatch(/Library\/Application Support\/Shipping Station$/);
    expect(defaultDataDir({}, 'linux')).toMatch(/\.config\/shipping-station$/);
  });
});

describe('response serialiser', () => {
  const schema = Type.Object({
    note: Type.String(),
    pieces: Type.Array(Type.Object({ base64String: Type.String({ format: 'byte' }) })),
    either: Type.Union([Type.Object({ pdf: Type.String({ format: 'byte' }) }), Type.Null()]),
  });

  it('marks every base 64 string, however nested, as needing no escaping, and nothing else', () => {
    const marked = JSON.stringify(unescapedBase64(schema));
    expect(marked.match(/"format":"unsafe"/g)).toHaveLength(2);
    expect(marked).not.toContain('"format":"byte"');
    expect(marked).toContain('"note":{"type":"string"}');
    expect(JSON.stringify(schema).match(/"format":"byte"/g)).toHaveLength(2); // the original is left as is
  });

  it('still escapes every other string', () => {
    const value = {
      note: 'say "hi"\\ \u2028 \n',
      pieces: [{ base64String: Buffer.from('%PDF-1.7 ÿ').toString('base64') }],
      either: { pdf: 'AAEC+/==' },
    };
    const text = responseSerializer(schema)(value);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('iso', () => {
  it('writes every instant as Date#toISOString does, byte for byte', () => {
    const edges = [0, -0, 1, -1, 999, 86_399_999, 86_400_000, -62_167_219_200_000, -62_167_219_200_001];
    edges.push(253_402_300_799_999, 253_402_300_800_000, 8.64e15, -8.64e15, 1.5, Date.UTC(2024, 1, 29, 23, 59, 59, 9));
    for (const ms of edges) expect(iso(ms)).toBe(new Date(ms).toISOString());
    for (const bad of [NaN, Infinity, 8.64e15 + 1]) expect(() => iso(bad)).toThrow(RangeError);
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => iso(ms) === new Date(ms).toISOString()),
      { numRuns: 20_000 },
    );
    // Many instants of a few days, as a list page has them (the date part reused).
    const recent = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 0, 4) });
    fc.assert(
      fc.property(recent, (ms) => iso(ms) === new Date(ms).toISOString()),
      { numRuns: 20_000 },
    );
  });
});
