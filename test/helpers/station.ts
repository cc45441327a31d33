/**
 * A real station for tests: its own store — a SQLite file in a temporary folder, or with
 * SHIPPING_STATION_TEST_STORE=postgres a new database on the run's PostgreSQL server —
 * the real HTTP app (requests injected in process), and a clock the test can move.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, inject } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Station } from '../../main/core/station';
import { buildApp } from '../../main/http/app';
import { callOperation } from '../../main/ipc/call-operation';
import { openStation, type OpenStationOptions } from '../../main/open-station';
import type { PostgresStore } from '../../main/stores/postgres';
import type { SqliteStore } from '../../main/stores/sqlite';
import { DATABASE_FILE } from '../../main/stores/sqlite/database';
import { createDeskPrinters } from '../../main/printers/desk-printers';
import { startTestPrinter, type TestPrinter } from './cups';
import { createDatabase } from './postgres';

export const PORT = 7317;

/** Which store this run's API tests use (vitest.config.ts runs them once on each). */
export const testStore = (): 'sqlite' | 'postgres' =>
  process.env.SHIPPING_STATION_TEST_STORE === 'postgres' ? 'postgres' : 'sqlite';
export const HOST = `127.0.0.1:${PORT}`;
export const ADMIN = { username: 'admin', password: 'correct horse battery staple' };
export const OPERATOR = { username: 'olga', password: 'operator password 1' };

export interface TestStation {
  station: Station;
  app: FastifyInstance;
  dataDir: string;
  /** The PostgreSQL database this station runs on, if it does: a second station may open it too. */
  databaseUrl: string | undefined;
  clock: { now: number; advance(ms: number): void };
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Plain SQL with `?` placeholders on whichever store the station runs on: for looking beneath the API. */
  sql<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  signIn(user?: { username: string; password: string }): Promise<string>;
  close(): Promise<void>;
}

export async function startTestStation(
  options: Partial<OpenStationOptions> & {
    logger?: object;
    /** SQLite whatever the run's store: a test of that store. */ sqlite?: boolean;
  } = {},
): Promise<TestStation> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ss-test-'));
  const clock = {
    now: Date.parse('2026-11-21T09:30:00.000Z'),
    advance(ms: number) {
      this.now += ms;
    },
  };
  const databaseUrl =
    testStore() === 'postgres' && !options.sqlite ? await createDatabase(inject('postgresUrl')) : undefined;
  const station = await openStation({ dataDir, databaseUrl, labelPool: false, now: () => clock.now, ...options });
  const app = await buildApp({ station, port: PORT, ...(options.logger ? { logger: options.logger } : {}) });
  const request: TestStation['request'] = ({ token, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: { host: HOST, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  const signIn = async (user = ADMIN) => {
    const res = await request({ method: 'POST', url: '/auth?option=credentials', payload: { credentials: user } });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
    return res.json<{ token: { accessToken: string } }>().token.accessToken;
  };
  return {
    station,
    app,
    dataDir,
    databaseUrl,
    clock,
    request,
    signIn,
    sql: (text, params) => sql(station, text, params),
    async close() {
      await app.close();
      await station.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in over IPC as the desktop window does, with a user's credentials or an API key: the answer. */
export const signInOverIpc = (
  station: Station,
  body: { credentials: { username: string; password: string } } | { apiKey: { apiKey: string } },
) =>
  callOperation(
    station,
    'signIn',
    { input: { query: { option: 'credentials' in body ? 'credentials' : 'apikey' }, body } },
    () => undefined,
  );

/** Adds the standard admin and operator users (scrypt is slow: do it once per file). */
export async function addUsers(t: TestStation): Promise<void> {
  await t.station.auth.createUser({ ...ADMIN, role: 'admin' });
  await t.station.auth.createUser({ ...OPERATOR, role: 'operator' });
}

/**
 * The usual start of a test file: a station with the admin and operator added, and the
 * admin's access token. In beforeAll: `({ t, token } = await signedInStation())`.
 */
export async function signedInStation(
  options: Parameters<typeof startTestStation>[0] = {},
): Promise<{ t: TestStation; token: string }> {
  const t = await startTestStation(options);
  await addUsers(t);
  return { t, token: await t.signIn() };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A test file's station, signed in as the admin, with its calls; see stationForFile. */
export interface FileStation {
  t: TestStation;
  token: string;
  /** Sends `payload` (if any) to `url` with `token` (the admin's unless said). */
  call(
    method: Method,
    url: string,
    payload?: object,
    options?: { headers?: Record<string, string>; token?: string },
  ): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  /** The status of a shipment, as `GET /shipments/{id}` says it. */
  status(id: string): Promise<string>;
  /** Signs the admin in anew (after the clock has moved past a token's life): the token the calls now send. */
  signInAgain(): Promise<string>;
  /** Sends `csv` to POST /imports?`query` (Swift Parcels Next Day unless said). */
  upload(csv: string | Buffer, query?: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/**
 * The usual start of a test file, at its top level: `const { t, token, call } = await
 * stationForFile()` opens a signedInStation now and closes it after the file's tests.
 */
export async function stationForFile(options: Parameters<typeof startTestStation>[0] = {}): Promise<FileStation> {
  const { t, token } = await signedInStation(options);
  afterAll(() => t.close());
  let current = token;
  const signInAgain = async () => (current = await t.signIn());
  const call: FileStation['call'] = (method, url, payload, options = {}) =>
    t.request({ method, url, token: current, ...options, ...(payload ? { payload } : {}) });
  const get = (url: string) => call('GET', url);
  const upload: FileStation['upload'] = (csv, query = 'carrierId=1&carrierServiceId=101', headers = {}) =>
    t.request({
      method: 'POST',
      url: `/imports?${query}`,
      token: current,
      payload: csv,
      headers: { 'content-type': 'text/csv', ...headers },
    });
  const status = async (id: string) => (await get(`/shipments/${id}`)).json<{ status: string }>().status;
  return { t, token, call, get, status, upload, signInAgain };
}

export const gbAddress = (overrides: Record<string, string> = {}) => ({
  fullName: 'Alex Sender',
  businessName: 'Acme Widgets Ltd',
  addressLine1: '1 Dock Road',
  city: 'London',
  countryTwoCharacterISOCode: 'GB',
  postZipCode: 'SW1A 1AA',
  ...overrides,
});

export const piece = (overrides: Record<string, unknown> = {}) => ({
  description: 'Box',
  weight: 2.5,
  weightUnit: 'KG',
  length: 30,
  width: 20,
  height: 10,
  dimensionUnit: 'CM',
  ...overrides,
});

/** A valid domestic GB shipment on Swift Parcels Next Day. */
export const shipmentRequest = (overrides: Record<string, unknown> = {}) => ({
  carrierId: 1,
  carrierServiceId: 101,
  collectionAddress: gbAddress(),
  deliveryAddress: gbAddress({
    fullName: 'Sam Receiver',
    businessName: '',
    addressLine1: '22 High Street',
    city: 'Leeds',
    postZipCode: 'LS1 1UR',
  }),
  referenceOne: 'PO-1001',
  shipmentPieces: [piece()],
  ...overrides,
});

/** A gift of shirts to Paris on International Express, its customs declaration one item unless said. */
export const parisGiftRequest = (overrides: Record<string, unknown> = {}) =>
  shipmentRequest({
    carrierServiceId: 104,
    hsCode: '610910',
    descriptionOfGoods: 'Shirts',
    contentsType: 'Gift',
    deliveryAddress: {
      ...shipmentRequest().deliveryAddress,
      city: 'Paris',
      countryTwoCharacterISOCode: 'FR',
      postZipCode: '75001',
    },
    customsItems: [{ description: 'Shirt', quantity: 2, unitValue: 9.5, netWeight: 0.5 }],
    ...overrides,
  });

/**
 * A valid shipment to Germany on Swift Parcels International Express: two pieces, HS code and
 * description of goods, cost GBP 25 (a CN22; above GBP 270 it needs a CN23).
 */
export const internationalRequest = (overrides: Record<string, unknown> = {}) =>
  shipmentRequest({
    carrierServiceId: 104,
    collectionAddress: gbAddress({ fullName: 'Zoë Fairweather' }),
    deliveryAddress: gbAddress({
      fullName: 'Jürgen Ölmüller',
      businessName: '',
      city: 'Berlin',
      countryTwoCharacterISOCode: 'DE',
      postZipCode: '10115',
    }),
    hsCode: '610910',
    descriptionOfGoods: 'Cotton T-shirts',
    cost: 25,
    shipmentPieces: [piece({ weight: 2 }), piece({ weight: 1.5 })],
    ...overrides,
  });

export interface Created {
  success: boolean;
  shipmentId: string;
  shipmentNumber: string;
  shipmentPieces: { sequenceNumber: number; base64String: string; trackingNumber: string }[];
}

export async function createShipment(
  t: TestStation,
  token: string,
  body: object = shipmentRequest(),
): Promise<Created> {
  const res = await t.request({ method: 'POST', url: '/shipments', token, payload: body });
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.body}`);
  return res.json<Created>();
}

/** The SQLite connection beneath a station, for tests of what only that store does. */
export function sqliteDb(station: Station): SqliteStore['db'] {
  if (station.store.dialect !== 'sqlite')
    throw new Error(`this test needs the SQLite store, not ${station.store.dialect}`);
  return (station.store as SqliteStore).db;
}

/**
 * Runs plain SQL on the station's store, SQLite or PostgreSQL: `?` placeholders become
 * `$1…` for PostgreSQL. For tests that check what is stored (hashes, counts), not how.
 */
export async function sql<R = Record<string, unknown>>(
  station: Station,
  text: string,
  params: unknown[] = [],
): Promise<R[]> {
  const store = station.store as SqliteStore | PostgresStore;
  if (store.dialect === 'sqlite') {
    const statement = store.db.prepare(text);
    return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as R[];
  }
  let n = 0;
  const result = await store.pool.query(
    text.replace(/\?/g, () => `$${++n}`),
    params,
  );
  return result.rows as R[];
}

/**
 * A SQLite test station's data folder as a stopped desk leaves it: an online backup in a
 * folder of its own, which no station holds (`migrate` refuses a folder a station runs on).
 */
export async function stoppedCopy(t: TestStation): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'ss-stopped-'));
  await (t.station.store as SqliteStore).db.backup(join(dir, DATABASE_FILE));
  return dir;
}

/** The station's sender address, as a desk sets it in Settings: import rows without a sender ship from it. */
export const SENDER_ADDRESS = {
  businessName: 'Acme Widgets Ltd',
  addressLine1: '1 Dock Road',
  city: 'London',
  countryTwoCharacterISOCode: 'GB',
  postZipCode: 'E1 1AA',
};

/**
 * An import file of five rows for three shipments, referenced `prefix`-1 to -4: the two rows of
 * `prefix`-2 (group g) are one two-piece shipment, and `prefix`-3's post code is wrong.
 */
export const fiveRowImport = (prefix: string) =>
  'Reference,Group,Name,Address 1,City,Post code,Country,Weight,Length,Width,Height\n' +
  `${prefix}-1,,Zed,1 Oak Road,Leeds,LS1 1UR,GB,1,30,20,10\n` +
  `${prefix}-2,g,Yan,1 Oak Road,Leeds,LS1 1UR,GB,1,30,20,10\n` +
  `${prefix}-3,,Bad,1 Oak Road,Leeds,XX,GB,1,30,20,10\n` +
  `${prefix}-2,g,Yan,1 Oak Road,Leeds,LS1 1UR,GB,2,30,20,10\n` +
  `${prefix}-4,,Xia,1 Oak Road,Leeds,LS1 1UR,GB,1,30,20,10`;

/** Sets SENDER_ADDRESS through `PATCH /settings` as `token`'s administrator. */
export async function setSender(t: TestStation, token: string): Promise<void> {
  const res = await t.request({ method: 'PATCH', url: '/settings', token, payload: { senderAddress: SENDER_ADDRESS } });
  if (res.statusCode !== 200) throw new Error(`setting the sender failed: ${res.body}`);
}

/** A desk's printers with no CUPS to reach: network printers by address only, kept in `dataDir`. */
export const networkOnlyPrinters = (dataDir: string) =>
  createDeskPrinters({ dataDir, env: { ...process.env, CUPS_SERVER: '127.0.0.1:1' } });

/**
 * stationForFile on a desk with no CUPS to reach whose one printer, named `name`, is a TCP
 * listener added by address; the sender is set (import rows ship from it).
 */
export async function stationWithPrinter(name: string): Promise<FileStation & { printer: TestPrinter }> {
  const deskDir = mkdtempSync(join(tmpdir(), 'ss-desk-'));
  const printer = await startTestPrinter();
  afterAll(async () => {
    await printer.close();
    rmSync(deskDir, { recursive: true, force: true });
  });
  const s = await stationForFile({ printers: networkOnlyPrinters(deskDir) });
  await setSender(s.t, s.token);
  const added = await s.call('POST', '/printers', { address: `127.0.0.1:${printer.port}`, name });
  if (added.statusCode !== 200) throw new Error(`adding the printer failed: ${added.body}`);
  return { ...s, printer };
}
