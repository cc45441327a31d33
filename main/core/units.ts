/** Weight and length conversions, for carrier limits and list totals. */
import type { DimensionUnit, WeightUnit } from './schemas';

const KG_PER: Record<WeightUnit, number> = { KG: 1, G: 0.001, LB: 0.45359237, OZ: 0.028349523125 };
const CM_PER: Record<DimensionUnit, number> = { CM: 1, MM: 0.1, IN: 2.54 };

export const toKg = (value: number, unit: WeightUnit): number => value * KG_PER[unit];
export const toCm = (value: number, unit: DimensionUnit): number => value * CM_PER[unit];
export const convertWeight = (value: number, from: WeightUnit, to: WeightUnit): number =>
  (value * KG_PER[from]) / KG_PER[to];

/** Rounds for display and storage of derived totals: 3 decimals is a gram in KG. */
export const round3 = (value: number): number => Math.round(value * 1000) / 1000;
