/**
 * The desk's scale seen from the window (docs/contract.md §21): a reading in words, and the next
 * steady weight above zero, for a flow that ships as soon as the parcel on the scale has
 * settled. The live reading is hooks/use-scale-reading.ts.
 */
import type { Static } from 'typebox';
import type { ScaleReadingSchema, WeightUnit } from '../../../main/core/schemas';
import { api, ApiProblem } from '../api';

export type ScaleReading = Static<typeof ScaleReadingSchema>;
export type SteadyReading = ScaleReading & { state: 'steady'; weight: number; weightUnit: WeightUnit };

export const UNIT_WORDS: Record<WeightUnit, string> = { KG: 'kg', G: 'g', LB: 'lb', OZ: 'oz' };

/** A reading as the desk shows it: "1.234 kg, steady", "Moving: wait for it to settle". */
export function readingWords(reading: ScaleReading): string {
  switch (reading.state) {
    case 'steady':
      return `${reading.weight} ${UNIT_WORDS[reading.weightUnit!]}, steady`;
    case 'motion':
      return 'Moving: wait for it to settle';
    case 'overload':
      return 'Over capacity: too heavy for this scale';
    case 'underload':
      return 'Below zero: empty the platter and zero the scale';
  }
}

/** Why the scale gave no reading, when that is the station's 503 (docs/contract.md §21): unset, silent or unplugged. */
export const scaleUnavailableReason = (error: unknown): string | null =>
  error instanceof ApiProblem && error.type === '/problems/scale-unavailable' ? (error.fields.reason ?? null) : null;

export interface SteadyWeightOptions {
  weightUnit?: WeightUnit;
  /** How long to wait for a steady weight above zero (ms); default 10 s. */
  timeoutMs?: number;
  pollMs?: number;
  /** Stops waiting (the operator pressed Escape or scanned again). */
  signal?: AbortSignal;
}

/**
 * The next steady reading above zero. Motion, an empty platter and a silent or unplugged
 * scale are waited through; no scale chosen fails at once (the 503 "unset"); after
 * `timeoutMs` it fails with what the scale last said.
 */
export async function nextSteadyWeight({
  weightUnit,
  timeoutMs = 10_000,
  pollMs = 150,
  signal,
}: SteadyWeightOptions = {}): Promise<SteadyReading> {
  const deadline = Date.now() + timeoutMs;
  let last = 'nothing';
  for (;;) {
    signal?.throwIfAborted();
    try {
      const reading = await api.getScaleReading({ query: weightUnit ? { weightUnit } : {} });
      if (reading.state === 'steady' && reading.weight !== null && reading.weight > 0) return reading as SteadyReading;
      last = reading.state === 'steady' ? 'an empty platter' : readingWords(reading);
    } catch (error) {
      const reason = scaleUnavailableReason(error);
      if (reason === null || reason === 'unset') throw error;
      last = (error as ApiProblem).detail;
    }
    if (Date.now() + pollMs > deadline)
      throw new Error(`The weight did not settle above zero within ${timeoutMs / 1000} s (last: ${last}).`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
