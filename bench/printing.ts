/**
 * `npm run bench -- --printing`, and the printing figures of the whole bench: ZPL labels a second on one thread against PDF labels
 * a second on the same shipments, taking turns; and a print request's time until the last
 * byte has reached a loopback "network printer" for a 10-piece shipment, p95.
 */
import { createServer, type AddressInfo } from 'node:net';
import type { LabelData } from '../main/core/label-data';
import { renderLabelSync } from '../main/labels/render-label';
import { renderZplSync } from '../main/labels/render-zpl';
import { createBody } from './create-load';
import { readyFill } from './fills';
import { scaleOf, type BenchOptions, type Outcome } from './options';
import { createdLabels } from './sqlite-data';
import { pct, r2, startService, timed, type Service } from './service';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Labels a second of `render` over `labels`, for `ms`. */
async function perSecond(
  labels: LabelData[],
  ms: number,
  render: (d: LabelData) => Buffer,
  start: number,
): Promise<{ n: number; ms: number; next: number }> {
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    render(labels[(start + n) % labels.length]!);
    n++;
    if (n % 20 === 0) await nextTurn();
  }
  return { n, ms: performance.now() - t0, next: start + n };
}

/** PDF and ZPL in alternating slices on the same labels, so both see the same machine. */
export async function zplVersusPdf(
  labels: LabelData[],
  quick: boolean,
): Promise<{ pdf: number; zpl: number; ratio: number }> {
  const slices = quick ? 2 : 5;
  const sliceMs = quick ? 500 : 2000;
  const pdf = (d: LabelData) => renderLabelSync(d, { size: '4x6', pieces: [d.pieces[0]!.sequenceNumber] });
  const zpl = (d: LabelData) => renderZplSync(d, { size: '4x6', dpi: 203, pieces: [d.pieces[0]!.sequenceNumber] });
  // Warm both: fonts, caches, JIT.
  await perSecond(labels, 300, pdf, 0);
  await perSecond(labels, 300, zpl, 0);
  const total = { pdf: { n: 0, ms: 0 }, zpl: { n: 0, ms: 0 } };
  let at = 0;
  for (let i = 0; i < slices; i++) {
    for (const [name, fn] of [
      ['pdf', pdf],
      ['zpl', zpl],
    ] as const) {
      const r = await perSecond(labels, sliceMs, fn, at);
      total[name].n += r.n;
      total[name].ms += r.ms;
    }
    at += 997; // both formats render the same labels, slice by slice
  }
  const p = (total.pdf.n / total.pdf.ms) * 1000;
  const z = (total.zpl.n / total.zpl.ms) * 1000;
  return { pdf: r2(p), zpl: r2(z), ratio: r2(z / p) };
}

/**
 * The same labels addressed in Polish, Greek and Russian: their ZPL draws every line as a
 * ^GF picture from the label font (one typeface a label), the dearer path of the writer.
 */
export function withForeignNames(labels: LabelData[]): LabelData[] {
  const names = [
    ['Łucja Wołodźko', 'Łódź'],
    ['Νίκος Παπαδόπουλος', 'Αθήνα'],
    ['Дмитрий Смирнов', 'Москва'],
  ] as const;
  return labels.map((label, i) => {
    const [fullName, city] = names[i % names.length]!;
    return { ...label, deliveryAddress: { ...label.deliveryAddress, fullName, city } };
  });
}

/**
 * POST /shipments/{id}/print of 10-piece shipments to a network printer on loopback (ZPL,
 * 203 dpi): from the request to the last byte at the printer, p95. Each shipment once.
 */
export async function printToLastByteP95(s: Service, quick: boolean): Promise<{ p50: number; p95: number; n: number }> {
  let lastByteAt = 0;
  let onJob: (() => void) | undefined;
  const printer = createServer((socket) => {
    socket.on('data', () => (lastByteAt = performance.now()));
    socket.on('end', () => {
      socket.end();
      onJob?.();
    });
  });
  await new Promise<void>((resolve) => printer.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = printer.address() as AddressInfo;
    const added = await timed(s, 'POST', '/printers', { address: `127.0.0.1:${port}`, name: 'bench printer' });
    if (added.status !== 200) throw new Error(`add printer: ${added.status}`);
    const chosen = await timed(s, 'PUT', '/printers/label-printer', {
      printerId: `network:127.0.0.1:${port}`,
      format: 'zpl',
      dpi: 203,
      pageSize: '4x6',
    });
    if (chosen.status !== 200) throw new Error(`choose printer: ${chosen.status}`);
    const ids: string[] = [];
    const count = quick ? 5 : 40;
    for (let i = 0; i < count + 3; i++) {
      const created = await timed(s, 'POST', '/shipments', createBody(10_000 + i, 10));
      if (created.status !== 200) throw new Error(`create: ${created.status}`);
      ids.push((created.json as { shipmentId: string }).shipmentId);
    }
    const times: number[] = [];
    for (const [i, id] of ids.entries()) {
      const arrived = new Promise<void>((resolve) => (onJob = resolve));
      const t0 = performance.now();
      const res = await timed(s, 'POST', `/shipments/${id}/print`);
      if (res.status !== 200) throw new Error(`print: ${res.status} ${JSON.stringify(res.json)}`);
      await arrived;
      if (i >= 3) times.push(lastByteAt - t0); // the first three warm the path
    }
    return { p50: r2(pct(times, 50)), p95: r2(pct(times, 95)), n: times.length };
  } finally {
    printer.close();
  }
}

/** `--printing`: the printing figures alone, on a small station, in a minute or so. */
export async function printingBench(options: BenchOptions): Promise<Outcome> {
  const { log } = options;
  const { small, quick } = scaleOf(options);
  log(`a ready fill of ${small} shipments, or filling it`);
  const dir = readyFill('printing', small, options).dir;
  const labels = createdLabels(dir, 0).map((c) => c.label);
  const service = await startService(dir);
  let print;
  try {
    log('print requests to a loopback network printer, 10 pieces');
    print = await printToLastByteP95(service, quick);
  } finally {
    await service.stop();
  }
  log('ZPL against PDF, one thread, the same labels in turns');
  const zplPdf = await zplVersusPdf(labels, quick);
  log('the same, the labels addressed in Polish, Greek and Russian');
  const foreign = await zplVersusPdf(withForeignNames(labels), quick);
  return {
    results: { zplVersusPdf: zplPdf, zplVersusPdfForeignNames: foreign, printToLastByte10Pieces: print },
    rows: [
      ['labels/s, 1 thread: ZPL / PDF (ratio)', `${zplPdf.zpl} / ${zplPdf.pdf} (${zplPdf.ratio}×)`, 'ratio ≥ 5'],
      [
        'the same, names in Polish, Greek, Russian (every line a ^GF picture)',
        `${foreign.zpl} / ${foreign.pdf} (${foreign.ratio}×)`,
        '',
      ],
      [
        `print 10 pieces, request → last byte at printer p50/p95 ms (${print.n} shipments)`,
        `${print.p50} / ${print.p95}`,
        'p95 ≤ 100',
      ],
    ],
  };
}
