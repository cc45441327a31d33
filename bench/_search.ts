import Database from 'better-sqlite3';
import { join } from 'node:path';
import { decodeAddress } from '../main/stores/sqlite/address-codec';
import { listFigures, searchCases, startService } from './service';
const dir = '/tmp/i18-bench/large';
const db = new Database(join(dir, 'shipping-station.db'), { readonly: true });
const middle = Math.floor((db.prepare('SELECT max(id) FROM shipments').pluck().get() as number) / 2);
const row = db.prepare(`SELECT s.shipment_number AS n, s.reference_one AS r, s.delivery_address AS a, s.delivery_postcode_key AS p,
    (SELECT tracking_number FROM pieces WHERE shipment_id = s.id ORDER BY sequence_number DESC LIMIT 1) AS t
  FROM shipments s WHERE s.id >= ? AND json_extract(s.delivery_address, '$[3]') <> '' ORDER BY s.id LIMIT 1`).get(middle) as any;
const address = decodeAddress(row.a);
const more = searchCases({ shipmentNumber: row.n, trackingNumber: row.t, reference: row.r, fullName: address.fullName, postcodeKey: row.p, email: address.emailAddress });
const service = await startService(dir, {}, { password: process.env.PW });
const [out] = await listFigures([{ service, shipments: 1_000_000, count: async (sql, params) => db.prepare(`${sql}`).get(...params) as any, more }], 300);
for (const [k, v] of Object.entries(out!)) console.log(k.padEnd(36), v.p50, v.p95, v.exact ? '' : 'INEXACT');
await service.stop();
process.exit(0);
