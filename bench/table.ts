/** The bench's output: figures as a Markdown table, and the change against an earlier results file. */

export type Row = [figure: string, value: string, target: string];

/** Rows as a Markdown table under `header`. */
export function table(rows: string[][], header: string[] = ['figure', 'value', 'target']): string {
  const w = header.map((h, i) => Math.max(...rows.map((r) => (r[i] ?? '').length), h.length));
  const line = (r: string[]) => `| ${w.map((n, i) => (r[i] ?? '').padEnd(n)).join(' | ')} |`;
  return [line(header), `|${w.map((n) => '-'.repeat(n + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** Every number in a results file, by its JSON path (`create.perSecond`). */
export function numbersOf(value: unknown, path = ''): Map<string, number> {
  const out = new Map<string, number>();
  if (typeof value === 'number') out.set(path, value);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value))
      for (const [p, n] of numbersOf(v, path ? `${path}.${k}` : k)) out.set(p, n);
  }
  return out;
}

/**
 * Each figure of `after` beside the same figure of `before`, with the change in per cent.
 * Figures only one of them has are listed with a dash for the other.
 */
export function compare(before: unknown, after: unknown): string {
  const a = numbersOf(before);
  const b = numbersOf(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  const rows = paths.map((p) => {
    const x = a.get(p);
    const y = b.get(p);
    const change =
      x !== undefined && y !== undefined && x !== 0 ? `${y >= x ? '+' : ''}${(((y - x) / x) * 100).toFixed(1)} %` : '';
    return [p, x === undefined ? '–' : String(x), y === undefined ? '–' : String(y), change];
  });
  return table(rows, ['figure', 'before', 'after', 'change']);
}
