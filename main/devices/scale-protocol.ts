/**
 * What a scale protocol is to the station (docs/contract.md §21): what to send to ask for a weight,
 * how the bytes that come back split into answers, and how one answer reads. One module per
 * protocol (nci.ts, sics.ts, continuous.ts); serial-scale.ts drives any of them over a port.
 */
import type { ScaleState, WeightUnit } from '../core/schemas';

/** One answer of a scale, read. */
export interface ScaleFrame {
  state: ScaleState;
  /** Only when steady. */
  weight: number | null;
  unit: WeightUnit | null;
}

export interface ScaleProtocol {
  /** The protocol's name in a sentence: "NCI". */
  name: string;
  /** What the station sends to ask for a weight; null when the scale sends unasked. */
  request: string | null;
  /** The complete answers in what has arrived so far, and the incomplete rest. */
  frames(received: string): { frames: string[]; rest: string };
  /** An answer read, or a sentence saying why it is not one of this protocol's. */
  parse(frame: string): ScaleFrame | string;
}

const UNITS: Record<string, WeightUnit> = { kg: 'KG', g: 'G', lb: 'LB', lbs: 'LB', oz: 'OZ' };

/** `kg`, `g`, `lb`, `oz` in any case, as scales print them; null for another unit. */
export function weightUnitOf(text: string): WeightUnit | null {
  return UNITS[text.trim().toLowerCase()] ?? null;
}

/** A steady reading of `value` in `unit`; below zero is under zero, never a weight. */
export function steadyFrame(value: number, unit: WeightUnit): ScaleFrame {
  return value < 0 ? notWeighing('underload') : { state: 'steady', weight: value, unit };
}

export const notWeighing = (state: Exclude<ScaleState, 'steady'>): ScaleFrame => ({
  state,
  weight: null,
  unit: null,
});

/** Splits `received` at each `end`: complete frames (without `end`) and the rest. */
export function splitFrames(received: string, end: string | RegExp): { frames: string[]; rest: string } {
  const parts = received.split(end);
  const rest = parts.pop() ?? '';
  return { frames: parts, rest };
}

/** A frame shown in a sentence: control characters written out (`\r`, `\x03`). */
export function shown(frame: string): string {
  const text = JSON.stringify(frame.length > 40 ? `${frame.slice(0, 40)}…` : frame);
  return text.replace(/\\u00([0-9a-f]{2})/gi, '\\x$1');
}
