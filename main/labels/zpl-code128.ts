/**
 * Code 128 for ZPL's ^BC, all in subset B with no invocation codes: every firmware (and
 * compatible printer) encodes that the same way, so the writer knows the symbol's exact
 * width and can centre it. Subset C would be narrower for digit runs, but printers differ
 * in how they apply switches (and the automatic mode is missing from older firmware).
 */

/** Modules of the whole symbol: start, one per character, check (11 each), stop (13). */
export function code128Modules(value: string): number {
  return value ? (value.length + 2) * 11 + 13 : 0;
}

/** The ^FD data: a literal ">" is written "><" (">" starts an invocation code in ^BC). */
export function code128ZplData(value: string): string {
  return value.replaceAll('>', '><');
}
