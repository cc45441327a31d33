/**
 * Closing the day and shipping in bulk, against the service as `npm run serve`
 * runs it, on a fresh data dir: a 10,000-row CSV imported, then every label of that import
 * drawn and fetched as one PDF, and a day of 2,000 Printed shipments closed on one
 * manifest with its PDF. Part of `npm run bench`; alone: `npx tsx bench/end-of-day.ts [--quick]`.
 */
import { join } from 'node:path';
import { agent, peakRssMb, r2, startService, timed, WORK, type Service } from './service';

export interface EndOfDayFigures {
  importRows: number;
  importSeconds: number;
  importCreated: number;
  importLabelsSeconds: number;
  importLabelsMb: number;
  closeShipments: number;
  closeSeconds: number;
  manifestPages: number;
  peakRssMb: number;
}

function sampleCsv(rows: number): string {
  const lines = ['Reference,Name,Address 1,City,Post code,Country,Weight,Length,Width,Height,Contents'];
  for (let i = 0; i < rows; i++)
    lines.push(`BENCH-${i},Customer ${i},${i} High Street,Leeds,LS1 1UR,GB,1.5,30,20,10,Books`);
  return `${lines.join('\n')}\n`;
}

async function post(
  s: Service,
  path: string,
  body: string,
  type: string,
): Promise<{ ms: number; status: number; json: unknown }> {
  const t = performance.now();
  const res = await fetch(new URL(path, s.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${s.token}`, 'content-type': type },
    body,
  });
  const json: unknown = await res.json();
  return { ms: performance.now() - t, status: res.status, json };
}

export async function endOfDayBench(options: {
  rows: number;
  close: number;
  log: (m: string) => void;
}): Promise<EndOfDayFigures> {
  const s = await startService(join(WORK, 'end-of-day'));
  try {
    const sender = {
      businessName: 'Bench Ltd',
      addressLine1: '1 Dock Road',
      city: 'London',
      countryTwoCharacterISOCode: 'GB',
      postZipCode: 'E1 1AA',
    };
    const settings = await fetch(new URL('/settings', s.url), {
      method: 'PATCH',
      headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ senderAddress: sender }),
    });
    if (!settings.ok) throw new Error(`settings failed: ${settings.status}`);
    options.log(`import ${options.rows} rows…`);
    const imported = await post(s, '/imports?carrierId=1&carrierServiceId=101', sampleCsv(options.rows), 'text/csv');
    if (imported.status !== 200) throw new Error(`import failed: ${imported.status} ${JSON.stringify(imported.json)}`);
    const result = imported.json as { importId: number; created: number; rows: { shipmentId: string }[] };
    if (result.created !== options.rows)
      throw new Error(`import created ${result.created} of ${options.rows}: ${JSON.stringify(result.rows[0])}`);

    options.log('the import’s labels as one PDF…');
    const labels = await timed(s, 'GET', `/imports/${result.importId}/labels`);
    if (labels.status !== 200) throw new Error(`labels failed: ${labels.status}`);
    const labelBytes = Buffer.from((labels.json as { base64String: string }).base64String, 'base64').length;

    // The import above printed 10,000 shipments of carrier 1; the day closed is carrier 2's,
    // exactly `close` shipments long, imported and printed the same way.
    options.log(`a day of ${options.close} printed shipments on another carrier…`);
    const day = await post(
      s,
      '/imports?carrierId=2&carrierServiceId=203',
      sampleCsv(options.close).replaceAll('BENCH-', 'DAY-'),
      'text/csv',
    );
    const dayImport = day.json as { importId: number };
    await timed(s, 'GET', `/imports/${dayImport.importId}/labels`);
    const close = await post(s, '/manifests', JSON.stringify({ carrierId: 2 }), 'application/json');
    if (close.status !== 200) throw new Error(`close failed: ${close.status} ${JSON.stringify(close.json)}`);
    const manifest = close.json as { shipmentCount: number; base64String: string };
    const pdf = Buffer.from(manifest.base64String, 'base64').toString('latin1');
    return {
      importRows: options.rows,
      importSeconds: r2(imported.ms / 1000),
      importCreated: result.created,
      importLabelsSeconds: r2(labels.ms / 1000),
      importLabelsMb: r2(labelBytes / 1024 / 1024),
      closeShipments: manifest.shipmentCount,
      closeSeconds: r2(close.ms / 1000),
      manifestPages: (pdf.match(/\/Type \/Page\b/g) ?? []).length,
      peakRssMb: peakRssMb(s.child.pid!),
    };
  } finally {
    await s.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const quick = process.argv.includes('--quick');
  endOfDayBench({ rows: quick ? 500 : 10_000, close: quick ? 200 : 2_000, log: (m) => console.error(m) })
    .then((figures) => {
      console.log(JSON.stringify(figures, null, 2));
      agent.destroy();
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
