/** What every mode of the bench is given, and what it gives back. */
import type { LoadSpan } from './create-load';
import type { Row } from './table';

export interface BenchOptions {
  /** A few hundred shipments, to see that every figure is made; seconds, not minutes. */
  quick: boolean;
  /** Keep this run's work folder. */
  keep: boolean;
  /** Fill again even when a ready fill of the current schema is kept. */
  fresh: boolean;
  /** The large size, instead of 1,000,000 (600 with --quick). */
  shipments?: number;
  /** A data dir to use as it is (--search, --profile, --store postgres). */
  from?: string;
  /** A PostgreSQL database to use as it is (--store postgres, --profile). */
  database?: string;
  log: (message: string) => void;
}

/** A mode's figures: written to the results file as they are, and printed as rows. */
export interface Outcome {
  results: Record<string, unknown>;
  rows: Row[];
}

/** The sizes and spans of a run. */
export function scaleOf(o: BenchOptions) {
  const quick = o.quick;
  return {
    quick,
    small: quick ? 200 : 10_000,
    large: o.shipments ?? (quick ? 600 : 1_000_000),
    // 1,000 requests a figure: with 200, the p95 of one case moved by up to 1.5 ms between runs.
    listRequests: quick ? 8 : 1000,
    /** The create load and the renderer alone take turns, in this many slices each. */
    slices: quick ? 2 : 5,
    createSlice: (quick ? { amount: 32 } : { seconds: 3 }) as LoadSpan,
    createWarmup: (quick ? { amount: 32 } : { seconds: 3 }) as LoadSpan,
  };
}
export type Scale = ReturnType<typeof scaleOf>;
