/**
 * `npm run bench -- --scan [--quick] [--shipments N] [--from DATA_DIR]`: scan to ship with the
 * window in headless Chromium (docs/contract.md §18, §21), against the service as `npm run serve`
 * runs it, a socat pseudo-terminal answering as an NCI scale (test/helpers/scale.ts) and a
 * TCP listener as the desk's ZPL 203 dpi label printer.
 *
 * - scan → last label byte: the scale already steady under the parcel, an order's number
 *   typed as a keyboard-wedge scanner types it, until the printer's connection closes; p50/p95.
 * - a scripted morning: per order one scan and no other key; the parcel goes on the scale
 *   after the scan and settles in 0.5 s; "Ship when the weight is steady" does the rest.
 *   Parcels per minute, and every order shipped once with one label (none twice).
 *
 * The desk holds a ready fill of N shipments (1,000,000; 600 with --quick), or a copy of
 * DATA_DIR, and awaiting orders (100,000; 300 with --quick) beside the ones scanned; the
 * morning is 100 orders either way. Each timed scan also records when the window's requests
 * went out and were answered, so a slow p95 says which step it came from.
 */
import { cpSync } from 'node:fs';
import { basename, join } from 'node:path';
import { chromium, type Page, type Request } from 'playwright-core';
import { startTestPrinter, type TestPrinter } from '../test/helpers/cups';
import { startTestScale, type TestScale } from '../test/helpers/scale';
import { readyFill } from './fills';
import { scaleOf, type BenchOptions, type Outcome } from './options';
import { WORK, pct, r2, startService, type Service } from './service';

const address = (i: number) => ({
  fullName: `Scan Customer ${i}`,
  addressLine1: `${(i % 200) + 1} Mill Lane`,
  city: 'York',
  postZipCode: 'YO1 7HH',
  countryTwoCharacterISOCode: 'GB',
});
const order = (orderNumber: string, i: number) => ({
  orderNumber,
  deliveryAddress: address(i),
  items: [{ sku: `SKU-${i % 500}`, description: 'Desk lamp', quantity: 1, unitValue: 24, unitWeight: 1.1 }],
});

async function call<T>(s: Service, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${s.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Orders in batches of 1,000 (POST /orders), numbered `prefix-0`…; their ids by number. */
async function addOrders(
  s: Service,
  prefix: string,
  n: number,
  log: (m: string) => void,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (let from = 0; from < n; from += 1000) {
    const batch = Array.from({ length: Math.min(1000, n - from) }, (_, k) => order(`${prefix}-${from + k}`, from + k));
    const made = await call<{ created: { orderId: string; orderNumber: string }[] }>(s, 'POST', '/orders', {
      orders: batch,
    });
    for (const c of made.created) ids.set(c.orderNumber, c.orderId);
    if (from % 20_000 === 0 && from > 0) log(`${from} orders added`);
  }
  return ids;
}

/** One scan's moments, ms from its first key: each of the window's requests sent and answered. */
interface ScanTrace {
  total: number;
  enter: number;
  requests: { what: string; sent: number; answered: number }[];
}

/** `GET /orders?Search=TIMED-4` → `GET /orders?Search`: the same step of every scan under one name. */
const stepName = (method: string, url: string) => {
  const u = new URL(url);
  const path = u.pathname.replace(/\/[0-9a-f-]{8,}|\/\d+(?=\/|$)/gi, '/:id');
  const keys = [...u.searchParams.keys()];
  return `${method} ${path}${keys.length ? `?${keys.join('&')}` : ''}`;
};

/** Types `text` and Enter as a wedge scanner does; resolves when the printer has the whole job. */
async function scanUntilPrinted(page: Page, printer: TestPrinter, text: string): Promise<ScanTrace> {
  const job = printer.nextJob();
  const t0 = performance.now();
  const sent = new Map<object, { what: string; sent: number; answered: number }>();
  const onRequest = (r: Request) => {
    if (r.resourceType() === 'fetch' || r.resourceType() === 'xhr')
      sent.set(r, { what: stepName(r.method(), r.url()), sent: performance.now() - t0, answered: NaN });
  };
  const onDone = (r: Request) => {
    const step = sent.get(r);
    if (step) step.answered = performance.now() - t0;
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  try {
    await page.keyboard.type(text);
    const enter = performance.now() - t0;
    await page.keyboard.press('Enter');
    await Promise.race([
      job,
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no label for ${text} within 20 s`)), 20_000)),
    ]);
    const total = performance.now() - t0;
    // The print's answer comes after the printer's last byte: wait for it, so the next scan's trace starts clean.
    for (let waited = 0; [...sent.values()].some((r) => Number.isNaN(r.answered)) && waited < 2000; waited += 10)
      await new Promise((r) => setTimeout(r, 10));
    return { total, enter, requests: [...sent.values()] };
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
  }
}

const answeredOf = (step: ReturnType<typeof stepsOf>[number]) =>
  step.answered ? `${step.answered.p50}/${step.answered.p95}` : 'never';

/** Per step, in the order of a scan: how many scans made it, and p50/p95 of when it went out and was answered. */
function stepsOf(traces: ScanTrace[]) {
  const steps = new Map<string, { sent: number[]; answered: number[] }>();
  steps.set('Enter pressed (the scan typed)', {
    sent: traces.map((t) => t.enter),
    answered: traces.map((t) => t.enter),
  });
  for (const t of traces) {
    // A request made twice in a scan is two steps: `GET /orders/:id`, then `GET /orders/:id #2`.
    const seen = new Map<string, number>();
    for (const r of [...t.requests].sort((a, b) => a.sent - b.sent)) {
      const k = (seen.get(r.what) ?? 0) + 1;
      seen.set(r.what, k);
      const what = k === 1 ? r.what : `${r.what} #${k}`;
      const step = steps.get(what) ?? { sent: [], answered: [] };
      step.sent.push(r.sent);
      step.answered.push(r.answered);
      steps.set(what, step);
    }
  }
  steps.set('last label byte at the printer', {
    sent: traces.map((t) => t.total),
    answered: traces.map((t) => t.total),
  });
  const figure = (ms: number[]) => {
    const done = ms.filter(Number.isFinite);
    return done.length ? { p50: r2(pct(done, 50)), p95: r2(pct(done, 95)) } : null;
  };
  return [...steps]
    .map(([what, { sent, answered }]) => ({ what, n: sent.length, sent: figure(sent)!, answered: figure(answered) }))
    .sort((a, b) => a.sent.p50 - b.sent.p50);
}

export async function scanToShipBench(options: BenchOptions): Promise<Outcome> {
  const { log } = options;
  const scale = scaleOf(options);
  const awaiting = options.quick ? 300 : 100_000;
  const timedScans = options.quick ? 20 : 100;
  const morning = 100;
  log(
    options.from ? `scanning on a copy of ${options.from}` : `a ready fill of ${scale.large} shipments, or filling it`,
  );
  let dir: string;
  if (options.from) {
    // A copy: the service migrates and writes, and a kept fill stays as it was made.
    dir = join(WORK, 'scan');
    cpSync(options.from, dir, { recursive: true, filter: (f) => !/-(shm|wal)$/.test(basename(f)) });
  } else dir = readyFill('scan', scale.large, options).dir;
  let service: Service | undefined;
  let printer: TestPrinter | undefined;
  let scaleStandIn: TestScale | undefined;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    [service, printer, scaleStandIn] = await Promise.all([
      startService(dir),
      startTestPrinter(),
      startTestScale('nci', { weight: 0, unit: 'kg' }),
    ]);
    const s = service;
    await call(s, 'PATCH', '/settings', {
      senderAddress: {
        businessName: 'Acme Ltd',
        addressLine1: '1 Dock Road',
        city: 'London',
        postZipCode: 'E1 1AA',
        countryTwoCharacterISOCode: 'GB',
      },
    });
    await call(s, 'POST', '/printers', { address: `127.0.0.1:${printer.port}`, name: 'Bench Zebra' });
    await call(s, 'PUT', '/printers/label-printer', {
      printerId: `network:127.0.0.1:${printer.port}`,
      format: 'zpl',
      dpi: 203,
      pageSize: '4x6',
    });
    await call(s, 'PUT', '/scale', {
      port: scaleStandIn.port,
      protocol: 'nci',
      baudRate: 9600,
      dataBits: 8,
      parity: 'none',
      stopBits: 1,
    });
    const preset = await call<{ id: number }>(s, 'POST', '/package-presets', {
      name: 'Lamp box',
      length: 40,
      width: 25,
      height: 25,
    });
    await call(s, 'PUT', '/rules', {
      rules: [
        {
          name: 'Domestic',
          when: { zones: ['domestic'] },
          then: { carrierId: 1, carrierServiceId: 103, presetId: preset.id },
        },
      ],
    });
    log(`adding ${awaiting} awaiting orders`);
    await addOrders(s, 'WAIT', awaiting, log);
    const timedIds = await addOrders(s, 'TIMED', timedScans, log);
    const morningIds = await addOrders(s, 'MORNING', morning, log);

    const page = await (
      await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'en-GB' })
    ).newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${s.url}/`);
    await page.getByLabel('User name').fill('admin');
    await page.getByLabel('Password').fill(s.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
    // The desk's setting, as Settings → This desk keeps it.
    await page.evaluate(
      `localStorage.setItem('shippingStation.desk', JSON.stringify({ shipWhenSteady: true })); location.hash = '#/orders'`,
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await page.locator('main h1').focus();

    // Scan → last label byte, the parcel already steady on the scale.
    scaleStandIn.set({ weight: 1.2 });
    const traces: ScanTrace[] = [];
    let k = 0;
    for (const number of timedIds.keys()) {
      const trace = await scanUntilPrinted(page, printer, number);
      if (k++ >= 2) traces.push(trace); // the first scans load the screens' code
    }
    const latencies = traces.map((t) => t.total);
    log(`scan → last byte: p50 ${r2(pct(latencies, 50))} ms, p95 ${r2(pct(latencies, 95))} ms`);
    const steps = stepsOf(traces);
    for (const step of steps)
      log(
        `  ${step.what} (${step.n}): sent p50/p95 ${step.sent.p50}/${step.sent.p95}, answered ${answeredOf(step)} ms`,
      );

    // The morning: scan, the parcel goes on and settles in 0.5 s, the label comes out; next.
    const jobsBefore = printer.jobs.length;
    const t0 = performance.now();
    let n = 0;
    for (const number of morningIds.keys()) {
      scaleStandIn.set({ weight: 0 });
      const job = printer.nextJob();
      await page.keyboard.type(number);
      await page.keyboard.press('Enter');
      scaleStandIn.set({ weight: 0.8 + (n % 7) / 10, settleMs: 500 });
      await Promise.race([
        job,
        new Promise((_, reject) => setTimeout(() => reject(new Error(`no label for ${number} within 20 s`)), 20_000)),
      ]);
      n++;
    }
    const minutes = (performance.now() - t0) / 60_000;
    // None twice: a last second for a stray second job, then the station's own count.
    await new Promise((r) => setTimeout(r, 1000));
    const labels = printer.jobs.length - jobsBefore;
    const shipped = await call<{ totalItems: number }>(
      s,
      'GET',
      '/orders?Status=Shipped&Search=MORNING&ItemsPerPage=1',
    );
    const perMinute = r2(morning / minutes);
    log(`morning: ${morning} scans, ${labels} labels, ${shipped.totalItems} shipped, ${perMinute} parcels a minute`);
    const results = {
      shipments: scale.large,
      awaitingOrders: awaiting,
      scanToLastByte: { n: latencies.length, p50: r2(pct(latencies, 50)), p95: r2(pct(latencies, 95)) },
      scanSteps: steps,
      morning: { orders: morning, labels, shipped: shipped.totalItems, minutes: r2(minutes), perMinute },
    };
    return {
      results,
      rows: [
        [
          `scan → last label byte p50/p95 ms (n=${latencies.length})`,
          `${results.scanToLastByte.p50} / ${results.scanToLastByte.p95}`,
          'p95 ≤ 1000',
        ],
        ...steps.map((step): [string, string, string] => [
          `  ${step.what}: sent / answered p50 ms (p95)`,
          `${step.sent.p50} / ${step.answered?.p50 ?? '–'} (${step.sent.p95} / ${step.answered?.p95 ?? '–'})`,
          '',
        ]),
        [`morning: parcels a minute (${morning} scans, scale settles in 0.5 s)`, String(perMinute), '≥ 30'],
        [
          'morning: labels / orders shipped',
          `${labels} / ${shipped.totalItems}`,
          `${morning} / ${morning}, none twice`,
        ],
      ],
    };
  } finally {
    await browser.close();
    await service?.stop();
    await printer?.close();
    await scaleStandIn?.close();
  }
}
