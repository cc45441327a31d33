/**
 * `npx tsx bench/label-ab.ts --before DIR --from FILL [--foreign]`: this tree's PDF label
 * against another checkout's (DIR holds its `main/`, e.g. `git archive <commit> main
 * resources/fonts | tar -x -C DIR`), one thread, in alternating slices in one process,
 * on the labels of a fill's shipments (one piece each, as the `--printing` bench draws
 * them). FILL is a folder holding a copy of a fill's database. Prints labels a second and
 * bytes a label of each, and their ratio.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { LabelData, LabelOptions } from '../main/core/label-data';
import { renderLabelSync } from '../main/labels/render-label';
import { withForeignNames } from './printing';
import { createdLabels } from './sqlite-data';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    from: { type: 'string' },
    foreign: { type: 'boolean' },
    slices: { type: 'string' },
  },
});
if (!values.before || !values.from) throw new Error('usage: label-ab.ts --before DIR --from FILL [--foreign]');

type Render = (data: LabelData, options: LabelOptions) => Buffer;
const earlier = (await import(pathToFileURL(resolve(values.before, 'main/labels/render-label.ts')).href)) as {
  renderLabelSync: Render;
};
let labels = createdLabels(values.from, 0).map((c) => c.label);
if (values.foreign) labels = withForeignNames(labels);
const one = (d: LabelData): LabelOptions => ({ size: '4x6', pieces: [d.pieces[0]!.sequenceNumber] });
const writers = {
  before: (d: LabelData) => earlier.renderLabelSync(d, one(d)),
  after: (d: LabelData) => renderLabelSync(d, one(d)),
};
type Side = keyof typeof writers;

const slices = Number(values.slices ?? 6);
const sliceMs = 1500;
for (const write of Object.values(writers)) for (let i = 0; i < 200; i++) write(labels[i]!);
const total = { before: { n: 0, ms: 0, cpuMs: 0, bytes: 0 }, after: { n: 0, ms: 0, cpuMs: 0, bytes: 0 } };
let at = 0;
for (let s = 0; s < slices; s++) {
  for (const side of (s % 2 ? ['after', 'before'] : ['before', 'after']) as Side[]) {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    let n = 0;
    while (performance.now() - t0 < sliceMs)
      total[side].bytes += writers[side](labels[(at + n++) % labels.length]!).length;
    const cpu = process.cpuUsage(cpu0);
    total[side].n += n;
    total[side].ms += performance.now() - t0;
    total[side].cpuMs += (cpu.user + cpu.system) / 1000;
  }
  at += 997; // both sides draw the same labels, slice by slice
}
const rate = (side: Side) => (total[side].n / total[side].ms) * 1000;
const bytes = (side: Side) => Math.round(total[side].bytes / total[side].n);
/** The process's CPU a label, V8's compiler and GC threads included: what the machine's load moves least. */
const cpu = (side: Side) => total[side].cpuMs / total[side].n;
console.log(
  `${labels.length} labels${values.foreign ? ', names in Polish, Greek, Russian' : ''}: ` +
    `before ${rate('before').toFixed(1)}/s (${bytes('before')} B), after ${rate('after').toFixed(1)}/s ` +
    `(${bytes('after')} B), after ÷ before ${(rate('after') / rate('before')).toFixed(2)}; ` +
    `CPU a label ${cpu('before').toFixed(3)} → ${cpu('after').toFixed(3)} ms (${(cpu('before') / cpu('after')).toFixed(2)}×)`,
);
