/** The desk's scale, asked again and again while a screen shows it (docs/contract.md §21). */
import { useEffect, useState } from 'react';
import type { WeightUnit } from '../../../main/core/schemas';
import { api } from '../api';
import type { ScaleReading } from '../lib/scale';

export interface LiveScale {
  reading: ScaleReading | null;
  /** Why there is no reading now (an ApiProblem, usually the scale's 503). */
  problem: unknown;
}

/** The scale's reading, asked for every `intervalMs` while `active`, each question after the last answer. */
export function useScaleReading(
  active: boolean,
  { weightUnit, intervalMs = 400 }: { weightUnit?: WeightUnit; intervalMs?: number } = {},
): LiveScale {
  const [live, setLive] = useState<LiveScale>({ reading: null, problem: null });
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const reading = await api.getScaleReading({ query: weightUnit ? { weightUnit } : {} });
        if (!stopped) setLive({ reading, problem: null });
      } catch (problem) {
        if (!stopped) setLive({ reading: null, problem });
      }
      if (!stopped) timer = setTimeout(() => void ask(), intervalMs);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, weightUnit, intervalMs]);
  return active ? live : { reading: null, problem: null };
}
