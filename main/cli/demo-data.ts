/**
 * `demo-data --shipments N [--days D]`: fills a database with N realistic shipments spread
 * over the D days ending now, every carrier and service, every status with the events that
 * lead to it, and the number counters left consistent so the station keeps working.
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CarrierCatalog } from '../core/carriers';
import { DAY_MS } from '../core/dates';
import { canonicalPostCode } from '../core/postcodes';
import { makeTrackingNumber } from '../core/s10';
import { shipmentSearchTerms } from '../core/search';
import type { Address, ShipmentStatus } from '../core/schemas';
import { deliveryLine, shipperName } from '../core/validate-shipment';
import type { ServiceRecord } from '../core/storage';
import { encodeAddress } from '../stores/sqlite/address-codec';
import { DATABASE_FILE, type Db } from '../stores/sqlite/database';

export interface DemoDataOptions {
  shipments: number;
  days?: number;
  now?: number;
  /** Deterministic output for a given seed. */
  seed?: number;
  onProgress?: (done: number) => void;
}

/**
 * Refuses a data folder whose database a running station has open: the load turns the
 * journal and the fsync off, which only a database nobody else uses can afford. An
 * exclusive lock is granted only when no other connection holds the file.
 */
export function assertNoStationHolds(dataDir: string): void {
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) return;
  const probe = new Database(file, { timeout: 200 });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE');
    probe.exec('ROLLBACK');
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new Error(`A station is running on ${dataDir}: stop it before adding demo data.`);
    }
    throw error;
  } finally {
    probe.close();
  }
}

/** mulberry32: a fast seeded PRNG; Math.random would make runs irreproducible. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Oliver', 'Amelia', 'George', 'Isla', 'Harry', 'Ava', 'Noah', 'Mia', 'Jack', 'Ivy', 'Leo', 'Grace', 'Arthur', 'Freya', 'Lucas', 'Emily', 'Henry', 'Sophie', 'Oscar', 'Lily', 'Hans', 'Claire', 'Pieter', 'Aoife', 'Michael', 'Sarah', 'Lena', 'Julien', 'Sanne', 'Sean'];
const LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Wright', 'Walker', 'Evans', 'Müller', 'Schmidt', 'Dubois', 'Martin', 'de Vries', 'Jansen', 'Murphy', 'Kelly', 'Garcia', 'Miller', "O'Brien", 'Thompson'];
const BUSINESSES = ['Acme Widgets Ltd', 'Northern Tools Ltd', 'Bright Home Goods', 'Kestrel Books', 'Harbour Coffee Co', 'Pennine Outdoor', 'Blue Door Ceramics', 'Oak & Iron Ltd', 'Granite Spares', 'Willow Garden Supplies'];
const STREETS = ['High Street', 'Station Road', 'Church Lane', 'Mill Road', 'Park Avenue', 'Victoria Road', 'Green Lane', 'Dock Road', 'Market Place', 'Queen Street'];
const GOODS = ['Books', 'Clothing', 'Spare parts', 'Ceramics', 'Coffee beans', 'Garden tools', 'Electronics accessories', 'Toys', 'Stationery', 'Cosmetics'];
const HS = ['490199', '620520', '848790', '691200', '090121', '820190', '854442', '950300', '482010', '330499'];
const PIECE_DESC = ['Box', 'Parcel', 'Carton', 'Envelope', 'Tube', 'Bag'];

/** City + post-code generator per country; each generated code is checked canonical below. */
const COUNTRIES: Record<string, { cities: [string, string[]][]; code: (r: () => number, prefix: string) => string; street: (n: number, s: string) => string }> = {
  GB: {
    cities: [['London', ['SW1A', 'EC1A', 'N1', 'E14', 'SE1', 'W1D']], ['Leeds', ['LS1', 'LS6']], ['Manchester', ['M1', 'M4']], ['Birmingham', ['B1', 'B15']], ['Bristol', ['BS1', 'BS8']], ['Glasgow', ['G1', 'G12']], ['Cardiff', ['CF10']], ['York', ['YO1']]],
    code: (r, p) => `${p} ${Math.floor(r() * 9) + 1}${pick(r, 'ABDEFGHJLNPQRSTUWXYZ')}${pick(r, 'ABDEFGHJLNPQRSTUWXYZ')}`,
    street: (n, s) => `${n} ${s}`,
  },
  DE: {
    cities: [['Berlin', ['10', '12']], ['Hamburg', ['20', '22']], ['München', ['80', '81']], ['Köln', ['50']]],
    code: (r, p) => `${p}${String(Math.floor(r() * 1000)).padStart(3, '0')}`,
    street: (n) => `Hauptstraße ${n}`,
  },
  FR: {
    cities: [['Paris', ['750']], ['Lyon', ['690']], ['Marseille', ['130']], ['Lille', ['590']]],
    code: (r, p) => `${p}${String(Math.floor(r() * 20) + 1).padStart(2, '0')}`,
    street: (n) => `${n} rue de la République`,
  },
  US: {
    cities: [['New York', ['100']], ['Chicago', ['606']], ['Seattle', ['981']], ['Austin', ['787']]],
    code: (r, p) => `${p}${String(Math.floor(r() * 100)).padStart(2, '0')}`,
    street: (n) => `${n} Main Street`,
  },
  NL: {
    cities: [['Amsterdam', ['10']], ['Rotterdam', ['30']], ['Utrecht', ['35']]],
    code: (r, p) => `${p}${String(Math.floor(r() * 90) + 10)} ${pick(r, 'ABCEHJKLMNPRTVWXZ')}${pick(r, 'ABCEHJKLMNPRTVWXZ')}`,
    street: (n) => `Kerkstraat ${n}`,
  },
  IE: {
    cities: [['Dublin', ['D02', 'D04', 'D08']], ['Cork', ['T12']], ['Galway', ['H91']]],
    code: (r, p) => `${p} ${pick(r, 'ACDEFHKNPRTVWXY')}${Math.floor(r() * 900) + 100}`,
    street: (n, s) => `${n} ${s}`,
  },
};
const INTERNATIONAL = ['DE', 'FR', 'US', 'NL', 'IE'];

function pick<T>(r: () => number, items: ArrayLike<T>): T {
  return items[Math.floor(r() * items.length)]!;
}

/** A pool of valid addresses per country: generation and post-code checks happen once. */
function addressPool(r: () => number, country: string, size: number): Address[] {
  const c = COUNTRIES[country]!;
  const pool: Address[] = [];
  for (let tries = 0; pool.length < size && tries < size * 20; tries++) {
    const [city, prefixes] = pick(r, c.cities);
    const raw = c.code(r, pick(r, prefixes));
    if (canonicalPostCode(country, raw) !== raw) continue;
    const business = r() < 0.4;
    const first = pick(r, FIRST);
    const last = pick(r, LAST);
    pool.push({
      businessName: business ? pick(r, BUSINESSES) : '',
      fullName: `${first} ${last}`,
      phoneNumber: r() < 0.7 ? `+44 7700 ${String(Math.floor(r() * 1e6)).padStart(6, '0')}` : '',
      emailAddress: r() < 0.6 ? `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + '@example.com' : '',
      addressLine1: c.street(Math.floor(r() * 200) + 1, pick(r, STREETS)),
      addressLine2: r() < 0.2 ? `Unit ${Math.floor(r() * 30) + 1}` : '',
      addressLine3: '',
      county: '',
      city,
      countryTwoCharacterISOCode: country,
      postZipCode: raw,
    });
  }
  if (pool.length === 0) throw new Error(`no valid demo post code for ${country}`);
  return pool;
}

type Step = [ShipmentStatus, string, boolean];
const NP: Step = ['Not Printed', 'Shipment created', false];
const PR: Step = ['Printed', 'Label printed', false];
const MF: Step = ['Manifested', 'Manifested', false];
const AC: Step = ['Awaiting Collection', 'Awaiting collection', true];
const ETD: Step = ['Enroute to Depot', 'Collected, on the way to the depot', true];
const ATD: Step = ['At the Depot', 'Arrived at the depot', true];
const OVD: Step = ['On Vehicle For Delivery', 'Out for delivery', true];
const base = [NP, PR, AC, ETD, ATD, OVD];
/** Final status → the events leading to it (CONTRACT §8 transitions), with weights for old shipments. */
const PATHS: [number, Step[]][] = [
  [820, [...base, ['Delivered to Receiver', 'Delivered', true]]],
  [40, [NP, PR, ['Cancelled', 'Shipment cancelled', false]]],
  [15, [NP, ['Cancelled', 'Shipment cancelled', false]]],
  [25, [...base, ['Failed', 'Delivery attempt failed', true]]],
  [20, [...base, ['Failed', 'Delivery attempt failed', true], ['Returned to Sender', 'Returned to sender', true]]],
  [8, [NP, PR, AC, ETD, ['Lost', 'Parcel lost in network', true]]],
  [12, [NP, PR, AC, ETD, ATD, ['On Hold', 'Held at depot: address query', true]]],
  [3, [NP, PR, AC, ETD, ATD, ['Destroyed', 'Damaged beyond repair', true]]],
  [5, [NP, PR, AC, ETD, ['Not Scanned', 'Missed scan', true]]],
  [2, [NP, PR, AC, ETD, ['Unknown', 'Status unknown', true]]],
  [20, [NP, PR, MF, AC, ETD, ATD, OVD, ['Delivered to Receiver', 'Delivered', true]]],
];
/** Recent shipments stop part-way along their path: less than 3 days old, the journey is not over. */
function pathFor(r: () => number, ageMs: number): Step[] {
  let w = r() * PATHS.reduce((s, [n]) => s + n, 0);
  let path = PATHS[0]![1];
  for (const [n, p] of PATHS) {
    if ((w -= n) < 0) {
      path = p;
      break;
    }
  }
  if (ageMs < 3 * DAY_MS) {
    const reached = Math.max(1, Math.min(path.length, Math.ceil((ageMs / (3 * DAY_MS)) * path.length * (0.5 + r()))));
    return path.slice(0, reached);
  }
  return path;
}

export function fillDemoData(db: Db, catalog: CarrierCatalog, options: DemoDataOptions): { shipments: number; pieces: number; events: number; ms: number } {
  const started = performance.now();
  const n = options.shipments;
  const days = options.days ?? 365;
  const now = options.now ?? Date.now();
  const r = prng(options.seed ?? 42);
  const start = now - days * DAY_MS;

  const carriers = catalog.allCarriers();
  const services: { service: ServiceRecord; prefix: string; features: number[]; code: string }[] = [];
  for (const c of carriers) {
    const features = catalog.features(c.id).items.map((f) => f.id);
    for (const s of catalog.services(c.id).items) {
      services.push({ service: { ...s, carrierId: c.id, scope: s.scope as ServiceRecord['scope'] }, prefix: c.trackingPrefix, features, code: c.code });
    }
  }
  if (services.length === 0) throw new Error('the carrier catalog is empty');
  const pools: Record<string, Address[]> = {};
  for (const country of Object.keys(COUNTRIES)) pools[country] = addressPool(r, country, country === 'GB' ? 3000 : 600);
  // Serialized once per pooled address, not once per shipment.
  const prepared = (a: Address) => ({ a, json: encodeAddress(a), line: deliveryLine(a), shipper: shipperName(a), key: a.postZipCode.replace(/[\s-]/g, '').toUpperCase() });
  const receivers = Object.fromEntries(Object.entries(pools).map(([c, list]) => [c, list.map(prepared)]));
  const senders = pools.GB!.filter((a) => a.businessName !== '').map(prepared);

  const counter = db.prepare<[string], { value: number }>('SELECT value FROM counters WHERE name = ?');
  const next = new Map<string, number>();
  const nextOf = (name: string) => next.get(name) ?? (counter.get(name)?.value ?? 0) + 1;
  let shipmentSerial = nextOf('shipment-number');
  for (const c of carriers) next.set(`tracking-serial:${c.trackingPrefix}`, nextOf(`tracking-serial:${c.trackingPrefix}`));

  const insertShipment = db.prepare(`INSERT INTO shipments (uuid, shipment_number, created_on, despatch_date, carrier_id,
      carrier_service_id, features, collection_address, delivery_address, shipper, delivery_line, delivery_postcode_key,
      goods_description, delivery_instructions, hs_code, description_of_goods, reference_one, reference_two, reference_three,
      cost_minor, insured_minor, currency, piece_count, total_weight, weight_unit, status, status_description, status_on,
      status_location, status_signatory, created_by)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)`);
  const insertPiece = db.prepare(`INSERT INTO pieces (shipment_id, sequence_number, description, weight, weight_unit, length,
      width, height, dimension_unit, tracking_number) VALUES (?, ?, ?, ?, 'KG', ?, ?, ?, 'CM', ?)`);
  const insertEvent = db.prepare(`INSERT INTO tracking_events (shipment_id, status, description, location, signatory,
      signatory_file_name, latitude, longitude, depot_id, tracking_number, user, occurred_on)
    VALUES (?, ?, ?, ?, ?, '', NULL, NULL, ?, '', ?, ?)`);
  const insertTerm = db.prepare('INSERT INTO shipment_search_terms (term, shipment_id, created_on, piece_count) VALUES (?, ?, ?, ?)');
  const setCounter = db.prepare(`INSERT INTO counters (name, value) VALUES (?, ?)
    ON CONFLICT (name) DO UPDATE SET value = max(value, excluded.value)`);

  // Bulk-load settings, restored below: the load is one re-runnable job, not user data in
  // flight, so it trades durability for speed (no journal, no fsync, a big page cache).
  const journal = db.pragma('journal_mode', { simple: true }) as string;
  const sync = db.pragma('synchronous', { simple: true }) as number;
  const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
  // Every parent id is the row just inserted: checking each piece's and event's reference costs a lookup for nothing.
  db.pragma('foreign_keys = OFF');
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -2097152'); // 2 GiB: the random uuid index stays in memory
  let pieceTotal = 0;
  let eventTotal = 0;
  const BATCH = 50_000;
  const nextId = (db.prepare('SELECT coalesce(max(id), 0) + 1 AS id FROM shipments').get() as { id: number }).id;
  try {
    const batch = db.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const id = nextId + i;
        // Sorted creation times (ids grow with time, as in real use); business hours only.
        const dayOffset = Math.floor(((i + r()) / n) * days);
        const createdOn = Math.min(now, start + dayOffset * DAY_MS + Math.floor((7 + r() * 11) * 3_600_000 + r() * 60_000));
        const { service, prefix, features, code } = pick(r, services);
        const domestic = service.scope === 'domestic' || (service.scope === 'both' && r() < 0.6);
        const country = domestic ? 'GB' : pick(r, INTERNATIONAL);
        const from = pick(r, senders);
        const dest = pick(r, receivers[country]!);
        const to = dest.a;
        const count = r() < 0.6 ? 1 : Math.floor(r() * 4) + 2;
        const serial = next.get(`tracking-serial:${prefix}`)!;
        next.set(`tracking-serial:${prefix}`, serial + count);
        const path = pathFor(r, now - createdOn);
        let weight = 0;
        const maxW = Math.min(service.maxWeightKg, 25);
        const maxL = Math.min(service.maxLengthCm, 120);
        const pieceRows: (string | number)[][] = [];
        for (let k = 0; k < count; k++) {
          const w = Math.max(0.05, Math.round(r() * maxW * 100) / 100);
          weight += w;
          const tracking = makeTrackingNumber(prefix, serial + k, 'GB');
          const l = Math.max(5, Math.round(r() * maxL));
          pieceRows.push([id, k + 1, pick(r, PIECE_DESC), w, l, Math.max(1, Math.round(l * (0.3 + r() * 0.7) * 10) / 10), Math.max(1, Math.round(l * 0.5) / 10 + 1), tracking]);
        }
        let at = createdOn;
        const eventTimes = path.map((_, k) => (k === 0 ? createdOn : (at = Math.min(now, at + Math.floor((k < 3 ? 0.05 : 0.4) * DAY_MS * (0.2 + r()))))));
        const last = path[path.length - 1]!;
        const lastAt = eventTimes[eventTimes.length - 1]!;
        const delivered = last[0] === 'Delivered to Receiver';
        const location = last[2] ? to.city : '';
        const signatory = delivered ? to.fullName.split(' ')[1] ?? '' : '';
        const international = country !== 'GB';
        const goods = pick(r, GOODS);
        const feats = features.filter(() => r() < 0.15);
        // Drawn in the order the row's values were always drawn: a seed gives the same data.
        const instructions = r() < 0.2 ? 'Leave with neighbour if out' : '';
        const hs = international ? pick(r, HS) : '';
        const reference = `PO-${100000 + Math.floor(r() * 900000)}`;
        insertShipment.run(
          randomUUID(), `SS${String(shipmentSerial++).padStart(8, '0')}`, createdOn, createdOn + (r() < 0.8 ? 0 : DAY_MS), service.carrierId,
          service.id, JSON.stringify(feats), from.json, dest.json, from.shipper, dest.line,
          dest.key, goods, instructions,
          hs, international ? goods : '', reference, '', '',
          Math.floor(r() * 5000) + 500, r() < 0.3 ? Math.floor(r() * 20000) : 0, 'GBP', count, Math.round(weight * 1000) / 1000, 'KG',
          last[0], last[1], lastAt, location, signatory,
        );
        for (const p of pieceRows) insertPiece.run(...p);
        for (const term of shipmentSearchTerms({ deliveryAddress: to, referenceOne: reference, referenceTwo: '', referenceThree: '' })) {
          insertTerm.run(term, id, createdOn, count);
        }
        for (let k = 0; k < path.length; k++) {
          const [status, description, scan] = path[k]!;
          const final = k === path.length - 1;
          insertEvent.run(id, status, description, scan ? (final ? location : `${code} hub`) : '', final ? signatory : '',
            scan ? 1000 + (id % 40) : null, scan ? `${code.toLowerCase()}-scanner` : 'admin', eventTimes[k]!);
        }
        pieceTotal += count;
        eventTotal += path.length;
      }
    });
    for (let from = 0; from < n; from += BATCH) {
      batch(from, Math.min(n, from + BATCH));
      options.onProgress?.(Math.min(n, from + BATCH));
    }
    db.transaction(() => {
      setCounter.run('shipment-number', shipmentSerial - 1);
      for (const [name, value] of next) setCounter.run(name, value - 1);
    })();
  } finally {
    db.pragma(`journal_mode = ${journal}`);
    db.pragma(`synchronous = ${sync}`);
    db.pragma(`foreign_keys = ${foreignKeys}`);
    db.pragma('cache_size = -2000');
  }
  // The connection leaves as durable as it came, or says so.
  if (db.pragma('synchronous', { simple: true }) !== sync || db.pragma('journal_mode', { simple: true }) !== journal) {
    throw new Error('demo-data could not restore the journal and synchronous settings; restart the station before use.');
  }
  db.pragma('optimize');
  return { shipments: n, pieces: pieceTotal, events: eventTotal, ms: Math.round(performance.now() - started) };
}
