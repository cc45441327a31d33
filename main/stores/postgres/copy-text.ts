/**
 * Values in the text format of PostgreSQL's COPY: one line per row, fields split by tabs,
 * `\N` for NULL, and a backslash before the backslashes, tabs, newlines and carriage
 * returns inside a value (so an empty string stays an empty string, not NULL).
 */

export type CopyEncoder = (value: unknown) => string;

const NULL = '\\N';
const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;
const ESCAPED: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A string as one COPY field. Most values need no escape: tested before replaced. */
export function copyText(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ESCAPED[c]!) : text;
}

/**
 * Any SQLite value as PostgreSQL reads it for a column of the matching type: text, numbers
 * (float8 takes JavaScript's shortest round-trip form), and blobs as bytea's hex form.
 */
export const copyValue: CopyEncoder = (value) => {
  if (value === null || value === undefined) return NULL;
  if (typeof value === 'string') return copyText(value);
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value instanceof Uint8Array)
    return `\\\\x${Buffer.from(value.buffer, value.byteOffset, value.length).toString('hex')}`;
  throw new Error(`no COPY form for a ${typeof value}`);
};

/** SQLite's 0/1 as a boolean. */
export const copyBoolean: CopyEncoder = (value) => (value === null || value === undefined ? NULL : value ? 't' : 'f');

/** One element of an array literal: always quoted, so that commas, braces, spaces and "NULL" stay text. */
const arrayElement = (item: unknown) => `"${String(item).replace(/["\\]/g, '\\$&')}"`;

/** A JSON array of strings (SQLite) as a text[] literal. */
export const copyTextArray: CopyEncoder = (value) => {
  if (value === null || value === undefined) return NULL;
  const items = JSON.parse(value as string) as unknown[];
  return copyText(`{${items.map(arrayElement).join(',')}}`);
};

/** Encodes one row: its fields, each by its column's encoder, as one line. */
export function copyLine(row: readonly unknown[], encoders: readonly CopyEncoder[]): string {
  let line = encoders[0]!(row[0]);
  for (let i = 1; i < encoders.length; i++) line += '\t' + encoders[i]!(row[i]);
  return line + '\n';
}
