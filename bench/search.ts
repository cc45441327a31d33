/**
 * `npm run bench -- --search [--shipments N] [--from DATA_DIR]`: the search shapes alone
 * (docs/contract.md §12), on a ready fill of N shipments (1,000,000) or on a copy of a data dir the
 * service has not yet started on (its migrations run at the start, so a dir filled by an
 * older build is brought up to date, and the start's time says how long that took).
 */
import { readyFill } from './fills';
import { scaleOf, type BenchOptions, type Outcome } from './options';
import { sqliteCount, sqliteSearchCases } from './sqlite-data';
import { listFigures, r2, startService } from './service';

export async function searchBench(options: BenchOptions): Promise<Outcome> {
  const { log } = options;
  const scale = scaleOf(options);
  log(options.from ? `searching ${options.from}` : `a ready fill of ${scale.large} shipments, or filling it`);
  const dir = options.from ?? readyFill('search', scale.large, options).dir;
  const t0 = performance.now();
  const service = await startService(dir);
  const startSeconds = r2((performance.now() - t0) / 1000);
  log(`started (migrations included) in ${startSeconds} s`);
  let list;
  try {
    [list] = await listFigures(
      [{ service, shipments: scale.large, ...sqliteCount(dir), more: sqliteSearchCases(dir), onlyMore: true }],
      scale.listRequests,
    );
  } finally {
    await service.stop();
  }
  return {
    results: { store: 'sqlite', shipments: scale.large, startSeconds, list },
    rows: Object.entries(list!).map(([k, v]) => [
      `${k} p50/p95 ms @${scale.large}`,
      `${v.p50} / ${v.p95}${v.exact ? '' : ' INEXACT'}`,
      'p95 ≤ 20, exact',
    ]),
  };
}
