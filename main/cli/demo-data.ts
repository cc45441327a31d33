/**
 * `demo-data --shipments N [--days D]`: fills a database with N realistic shipments spread
 * over the D days ending now, every carrier and service, every status with the events that
 * lead to it, numbered as a desk's creates are, through the storage contract (either store).
 */
import { randomUUID } from 'node:crypto';
import type { CarrierCatalog } from '../core/carriers';
import { DAY_MS } from '../core/dates';
import { canonicalPostCode, postCodeKey } from '../core/postcodes';
import { makeTrackingNumber } from '../core/s10';
import type { Address, ShipmentStatus } from '../core/schemas';
import { deliveryLine, shipperName } from '../core/validate-shipment';
import type { EventRecord, NewShipment, PieceRecord, ServiceRecord, ShipmentHistory, Store } from '../core/storage';

export interface DemoDataOptions {
  shipments: number;
  days?: number;
  now?: number;
  /** Deterministic output for a given seed. */
  seed?: number;
  onProgress?: (done: number) => void;
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

const FIRST = [
  'Oliver',
  'Amelia',
  'George',
  'Isla',
  'Harry',
  'Ava',
  'Noah',
  'Mia',
  'Jack',
  'Ivy',
  'Leo',
  'Grace',
  'Arthur',
  'Freya',
  'Lucas',
  'Emily',
  'Henry',
  'Sophie',
  'Oscar',
  'Lily',
  'Hans',
  'Claire',
  'Pieter',
  'Aoife',
  'Michael',
  'Sarah',
  'Lena',
  'Julien',
  'Sanne',
  'Sean',
];
const LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Wright',
  'Walker',
  'Evans',
  'Müller',
  'Schmidt',
  'Dubois',
  'Martin',
  'de Vries',
  'Jansen',
  'Murphy',
  'Kelly',
  'Garcia',
  'Miller',
  "O'Brien",
  'Thompson',
];
const BUSINESSES = [
  'Acme Widgets Ltd',
  'Northern Tools Ltd',
  'Bright Home Goods',
  'Kestrel Books',
  'Harbour Coffee Co',
  'Pennine Outdoor',
  'Blue Door Ceramics',
  'Oak & Iron Ltd',
  'Granite Spares',
  'Willow Garden Supplies',
];
const STREETS = [
  'High Street',
  'Station Road',
  'Church Lane',
  'Mill Road',
  'Park Avenue',
  'Victoria Road',
  'Green Lane',
  'Dock Road',
  'Market Place',
  'Queen Street',
];
const GOODS = [
  'Books',
  'Clothing',
  'Spare parts',
  'Ceramics',
  'Coffee beans',
  'Garden tools',
  'Electronics accessories',
  'Toys',
  'Stationery',
  'Cosmetics',
];
const HS = ['490199', '620520', '848790', '691200', '090121', '820190', '854442', '950300', '482010', '330499'];
const PIECE_DESC = ['Box', 'Parcel', 'Carton', 'Envelope', 'Tube', 'Bag'];

/** City + post-code generator per country; each generated code is checked canonical below. */
const COUNTRIES: Record<
  string,
  {
    cities: [string, string[]][];
    code: (r: () => number, prefix: string) => string;
    street: (n: number, s: string) => string;
    region?: Record<string, string>;
  }
> = {
  GB: {
    cities: [
      ['London', ['SW1A', 'EC1A', 'N1', 'E14', 'SE1', 'W1D']],
      ['Leeds', ['LS1', 'LS6']],
      ['Manchester', ['M1', 'M4']],
      ['Birmingham', ['B1', 'B15']],
      ['Bristol', ['BS1', 'BS8']],
      ['Glasgow', ['G1', 'G12']],
      ['Cardiff', ['CF10']],
      ['York', ['YO1']],
    ],
    code: (r, p) =>
      `${p} ${Math.floor(r() * 9) + 1}${pick(r, 'ABDEFGHJLNPQRSTUWXYZ')}${pick(r, 'ABDEFGHJLNPQRSTUWXYZ')}`,
    street: (n, s) => `${n} ${s}`,
  },
  DE: {
    cities: [
      ['Berlin', ['10', '12']],
      ['Hamburg', ['20', '22']],
      ['München', ['80', '81']],
      ['Köln', ['50']],
    ],
    code: (r, p) => `${p}${String(Math.floor(r() * 1000)).padStart(3, '0')}`,
    street: (n) => `Hauptstraße ${n}`,
  },
  FR: {
    cities: [
      ['Paris', ['750']],
      ['Lyon', ['690']],
      ['Marseille', ['130']],
      ['Lille', ['590']],
    ],
    code: (r, p) => `${p}${String(Math.floor(r() * 20) + 1).padStart(2, '0')}`,
    street: (n) => `${n} rue de la République`,
  },
  US: {
    cities: [
      ['New York', ['100']],
      ['Chicago', ['606']],
      ['Seattle', ['981']],
      ['Austin', ['787']],
    ],
    code: (r, p) => `${p}${String(Math.floor(r() * 100)).padStart(2, '0')}`,
    street: (n) => `${n} Main Street`,
    // A US address needs its state (validate-shipment.ts).
    region: { 'New York': 'NY', Chicago: 'IL', Seattle: 'WA', Austin: 'TX' },
  },
  NL: {
    cities: [
      ['Amsterdam', ['10']],
      ['Rotterdam', ['30']],
      ['Utrecht', ['35']],
    ],
    code: (r, p) =>
      `${p}${String(Math.floor(r() * 90) + 10)} ${pick(r, 'ABCEHJKLMNPRTVWXZ')}${pick(r, 'ABCEHJKLMNPRTVWXZ')}`,
    street: (n) => `Kerkstraat ${n}`,
  },
  IE: {
    cities: [
      ['Dublin', ['D02', 'D04', 'D08']],
      ['Cork', ['T12']],
      ['Galway', ['H91']],
    ],
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
      county: c.region?.[city] ?? '',
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
/** Final status → the events leading to it (docs/contract.md §8 transitions), with weights for old shipments. */
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

/** Shipments per batch: each is one write through the store's contract, all or nothing. */
const BATCH = 20_000;

interface Draft {
  history: ShipmentHistory;
  prefix: string;
}

/**
 * Adds the shipments through the storage contract (`shipments.loadAll`, numbers from
 * `numbers.take`), so it fills either store; batch by batch, each atomic.
 */
export async function fillDemoData(
  store: Pick<Store, 'shipments' | 'numbers'>,
  catalog: CarrierCatalog,
  options: DemoDataOptions,
): Promise<{ shipments: number; pieces: number; events: number; ms: number }> {
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
      services.push({
        service: { ...s, carrierId: c.id, scope: s.scope as ServiceRecord['scope'] },
        prefix: c.trackingPrefix,
        features,
        code: c.code,
      });
    }
  }
  if (services.length === 0) throw new Error('the carrier catalog is empty');
  const pools: Record<string, Address[]> = {};
  for (const country of Object.keys(COUNTRIES)) pools[country] = addressPool(r, country, country === 'GB' ? 3000 : 600);
  // Derived once per pooled address, not once per shipment.
  const prepared = (a: Address) => ({
    a,
    line: deliveryLine(a),
    shipper: shipperName(a),
    key: postCodeKey(a.postZipCode),
  });
  const receivers = Object.fromEntries(Object.entries(pools).map(([c, list]) => [c, list.map(prepared)]));
  const senders = pools.GB!.filter((a) => a.businessName !== '').map(prepared);

  /** Shipment `i` without its numbers, which are taken a batch at a time. */
  const draft = (i: number): Draft => {
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
    const path = pathFor(r, now - createdOn);
    let weight = 0;
    const maxW = Math.min(service.maxWeightKg, 25);
    const maxL = Math.min(service.maxLengthCm, 120);
    const pieces: PieceRecord[] = [];
    for (let k = 0; k < count; k++) {
      const w = Math.max(0.05, Math.round(r() * maxW * 100) / 100);
      weight += w;
      const l = Math.max(5, Math.round(r() * maxL));
      pieces.push({
        sequenceNumber: k + 1,
        description: pick(r, PIECE_DESC),
        weight: w,
        weightUnit: 'KG',
        length: l,
        width: Math.max(1, Math.round(l * (0.3 + r() * 0.7) * 10) / 10),
        height: Math.max(1, Math.round(l * 0.5) / 10 + 1),
        dimensionUnit: 'CM',
        trackingNumber: '',
      });
    }
    let at = createdOn;
    const eventTimes = path.map((_, k) =>
      k === 0 ? createdOn : (at = Math.min(now, at + Math.floor((k < 3 ? 0.05 : 0.4) * DAY_MS * (0.2 + r())))),
    );
    const last = path[path.length - 1]!;
    const lastAt = eventTimes[eventTimes.length - 1]!;
    const delivered = last[0] === 'Delivered to Receiver';
    const location = last[2] ? to.city : '';
    const signatory = delivered ? (to.fullName.split(' ')[1] ?? '') : '';
    const international = country !== 'GB';
    const goods = pick(r, GOODS);
    const feats = features.filter(() => r() < 0.15);
    const instructions = r() < 0.2 ? 'Leave with neighbour if out' : '';
    const hs = international ? pick(r, HS) : '';
    const reference = `PO-${100000 + Math.floor(r() * 900000)}`;
    const despatchDate = createdOn + (r() < 0.8 ? 0 : DAY_MS);
    const costMinor = Math.floor(r() * 5000) + 500;
    const insuredMinor = r() < 0.3 ? Math.floor(r() * 20000) : 0;
    const events: EventRecord[] = path.map(([status, description, scan], k) => {
      const final = k === path.length - 1;
      return {
        status,
        description,
        location: scan ? (final ? location : `${code} hub`) : '',
        signatory: final ? signatory : '',
        signatoryFileName: '',
        latitude: null,
        longitude: null,
        depotId: scan ? 1000 + (i % 40) : null,
        trackingNumber: '',
        user: scan ? `${code.toLowerCase()}-scanner` : 'admin',
        occurredOn: eventTimes[k]!,
      };
    });
    const shipment: NewShipment = {
      uuid: randomUUID(),
      shipmentNumber: '',
      createdOn,
      despatchDate,
      carrierId: service.carrierId,
      carrierServiceId: service.id,
      features: feats,
      collectionAddress: from.a,
      deliveryAddress: to,
      shipper: from.shipper,
      deliveryLine: dest.line,
      deliveryPostcodeKey: dest.key,
      goodsDescription: goods,
      deliveryInstructions: instructions,
      hsCode: hs,
      descriptionOfGoods: international ? goods : '',
      referenceOne: reference,
      referenceTwo: '',
      referenceThree: '',
      costMinor,
      insuredMinor,
      currency: 'GBP',
      pieceCount: count,
      totalWeight: Math.round(weight * 1000) / 1000,
      weightUnit: 'KG',
      status: last[0],
      statusDescription: last[1],
      statusOn: lastAt,
      statusLocation: location,
      statusSignatory: signatory,
      createdBy: null,
      returnOf: null,
    };
    return { history: { shipment, pieces, events }, prefix };
  };

  /** The batch's shipment numbers and tracking numbers, taken as a desk's create takes them. */
  const number = async (drafts: Draft[]): Promise<void> => {
    const shipmentSerials = await store.numbers.take('shipment-number', drafts.length);
    const wanted = new Map<string, number>();
    for (const d of drafts) wanted.set(d.prefix, (wanted.get(d.prefix) ?? 0) + d.history.pieces.length);
    const serials = new Map<string, { next: number; serials: number[] }>();
    for (const [prefix, count] of wanted)
      serials.set(prefix, { next: 0, serials: await store.numbers.take(`tracking-serial:${prefix}`, count) });
    drafts.forEach((d, k) => {
      d.history.shipment.shipmentNumber = `SS${String(shipmentSerials[k]).padStart(8, '0')}`;
      const taken = serials.get(d.prefix)!;
      for (const piece of d.history.pieces)
        piece.trackingNumber = makeTrackingNumber(d.prefix, taken.serials[taken.next++]!, 'GB');
    });
  };

  let pieceTotal = 0;
  let eventTotal = 0;
  async function* batches(): AsyncGenerator<ShipmentHistory[]> {
    for (let from = 0; from < n; from += BATCH) {
      const drafts: Draft[] = [];
      for (let i = from; i < Math.min(n, from + BATCH); i++) drafts.push(draft(i));
      await number(drafts);
      yield drafts.map((d) => d.history);
      for (const d of drafts) {
        pieceTotal += d.history.pieces.length;
        eventTotal += d.history.events.length;
      }
      options.onProgress?.(Math.min(n, from + BATCH));
    }
  }
  await store.shipments.loadAll(batches());
  return { shipments: n, pieces: pieceTotal, events: eventTotal, ms: Math.round(performance.now() - started) };
}
