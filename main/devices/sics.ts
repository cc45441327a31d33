/**
 * Mettler Toledo SICS (MT-SICS level 0), docs/contract.md §21: the station sends `S\r\n`; the scale
 * answers one line: `S S <weight> <unit>` steady, `S D <weight> <unit>` moving, `S +`
 * overload, `S -` underload, `S I` busy (it cannot weigh just now: read as motion).
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

/** What a SICS error line means, for the sentence that reports it. */
const ERRORS: Record<string, string> = {
  ES: 'it did not understand the command',
  ET: 'a transmission error (check the baud rate, data bits and parity)',
  EL: 'it cannot do that just now',
};

export function parseSics(line: string): ScaleFrame | string {
  const text = line.trim();
  const weighed = /^S\s+([SD])\s+([-+]?\s*\d*\.?\d+)\s+([a-z]+)$/i.exec(text);
  if (weighed) {
    if (weighed[1]!.toUpperCase() === 'D') return notWeighing('motion');
    const unit = weightUnitOf(weighed[3]!);
    if (!unit) return `the scale weighs in ${weighed[3]}, not kg, g, lb or oz`;
    return steadyFrame(Number(weighed[2]!.replace(/\s/g, '')), unit);
  }
  if (/^S\s+\+$/.test(text)) return notWeighing('overload');
  if (/^S\s+-$/.test(text)) return notWeighing('underload');
  if (/^S\s+I$/.test(text)) return notWeighing('motion');
  const error = ERRORS[text];
  if (error) return `the scale answered ${text}: ${error}`;
  return `not a SICS answer: ${shown(line)}`;
}

export const sics: ScaleProtocol = {
  name: 'SICS',
  request: 'S\r\n',
  frames: (received) => splitFrames(received, /\r\n/),
  parse: parseSics,
};
