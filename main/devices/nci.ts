/**
 * NCI (the Weigh-Tronix/Brecknell/NCI general scale protocol), docs/contract.md §21: the station
 * sends `W\r`; the scale answers `\n<weight><unit>\r\n<s1><s2>\r\x03`. s1 and s2 are 0x30
 * plus status bits: s1 bit 0 motion, bit 1 at zero; s2 bit 0 under capacity, bit 1 over
 * capacity. The weight reads `^^^^^^^` over capacity and `-------` under.
 */
import {
  notWeighing,
  shown,
  splitFrames,
  steadyFrame,
  weightUnitOf,
  type ScaleFrame,
  type ScaleProtocol,
} from './scale-protocol';

const MOTION = 0b01;
const UNDER_CAPACITY = 0b01;
const OVER_CAPACITY = 0b10;

/** `  1.234kg`, `-0.010 lb`, and the pound-ounce display `  2lb  3.5oz`. */
function readWeight(text: string): { value: number; unit: ReturnType<typeof weightUnitOf> } | null {
  const poundsOunces = /^\s*(\d+)\s*lb\s+(\d+(?:\.\d+)?)\s*oz\s*$/i.exec(text);
  if (poundsOunces) return { value: Number(poundsOunces[1]) + Number(poundsOunces[2]) / 16, unit: 'LB' };
  const plain = /^\s*([-+]?\s*\d*\.?\d+)\s*([a-z]+)\s*$/i.exec(text);
  if (!plain) return null;
  return { value: Number(plain[1]!.replace(/\s/g, '')), unit: weightUnitOf(plain[2]!) };
}

export function parseNci(frame: string): ScaleFrame | string {
  const lines = frame.split(/\r\n|\r|\n/).filter((line) => line !== '');
  if (lines.length === 1 && lines[0]!.trim() === '?')
    return 'the scale did not understand the request (it answered "?")';
  if (lines.length !== 2 || lines[1]!.length < 2) return `not an NCI answer: ${shown(frame)}`;
  const [weightText, status] = lines as [string, string];
  const s1 = status.charCodeAt(0) - 0x30;
  const s2 = status.charCodeAt(1) - 0x30;
  if (s1 < 0 || s1 > 0x0f || s2 < 0 || s2 > 0x0f) return `not NCI status bytes: ${shown(status)}`;
  if (s2 & OVER_CAPACITY || weightText.includes('^^^')) return notWeighing('overload');
  if (s2 & UNDER_CAPACITY || weightText.includes('---')) return notWeighing('underload');
  if (s1 & MOTION) return notWeighing('motion');
  const weight = readWeight(weightText);
  if (!weight || weight.unit === null || !Number.isFinite(weight.value))
    return `not an NCI weight: ${shown(weightText)}`;
  return steadyFrame(weight.value, weight.unit);
}

export const nci: ScaleProtocol = {
  name: 'NCI',
  request: 'W\r',
  frames: (received) => splitFrames(received, '\x03'),
  parse: parseNci,
};
