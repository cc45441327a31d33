/**
 * Continuous output (docs/contract.md §21): the scale sends a line several times a second, unasked.
 * Two line forms carry the state the desk needs: SICS's (`S S 1.234 kg`, `S D …`, `S +`,
 * `S -`: Mettler Toledo in continuous mode) and the status-header form of A&D and many
 * indicators (`ST,GS,+0001.234kg` steady, `US,…` moving, `OL,…` over capacity). A line
 * without a state is never taken as a weight.
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
import { parseSics } from './sics';

export function parseContinuous(line: string): ScaleFrame | string {
  const text = line.trim();
  if (/^S\s/.test(text)) return parseSics(text);
  const headed = /^(ST|US|OL|QT),[A-Z]{2},\s*([-+]?\s*\d*\.?\d+)?\s*([a-z]*)$/i.exec(text);
  if (headed) {
    const header = headed[1]!.toUpperCase();
    if (header === 'OL') return notWeighing('overload');
    if (header === 'US') return notWeighing('motion');
    const unit = weightUnitOf(headed[3] ?? '');
    if (headed[2] === undefined || !unit) return `not a weight with kg, g, lb or oz: ${shown(line)}`;
    return steadyFrame(Number(headed[2].replace(/\s/g, '')), unit);
  }
  return `not a line with a scale's state (S S …, ST,GS,…): ${shown(line)}`;
}

export const continuous: ScaleProtocol = {
  name: 'continuous output',
  request: null,
  frames: (received) => {
    const { frames, rest } = splitFrames(received, /\r\n|\r|\n/);
    return { frames: frames.filter((line) => line.trim() !== ''), rest };
  },
  parse: parseContinuous,
};
