/** Date input as docs/contract.md §1 allows it: an ISO 8601 date-time with an offset, or a date. */
import type { FieldErrors } from './errors';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

export interface ParsedDate {
  /** Milliseconds since the epoch. */
  ms: number;
  /** True when only a date was given (it then means 00:00 UTC that day). */
  dateOnly: boolean;
}

export function parseDateInput(value: string): ParsedDate | null {
  const text = value.trim();
  const m = DATE.exec(text) ?? DATE_TIME.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Date.parse rolls 2026-02-30 over to March; a calendar date must exist as written.
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return null;
  const ms = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
  return Number.isNaN(ms) ? null : { ms, dateOnly: text.length === 10 };
}

export const DAY_MS = 86_400_000;
export const startOfUtcDay = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;
/** The ISO date part (`2026-11-27T`) of recent days: a list page writes hundreds of times on a few days. */
const dayPrefixes = new Map<number, string>();
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : String(n));
/** Years 0000 to 9999: four-digit years, the date part the same length. */
const FIRST_MS = -62_167_219_200_000;
const END_MS = 253_402_300_800_000;

/**
 * Epoch milliseconds as Date#toISOString writes them, byte for byte, with the date part
 * reused: a list page of 100 rows formats 300 times, and Date formatting them all was a
 * tenth of the page's cost.
 */
export function iso(ms: number): string {
  if (!Number.isInteger(ms) || ms < FIRST_MS || ms >= END_MS) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    if (dayPrefixes.size >= 64) dayPrefixes.clear();
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    dayPrefixes.set(day, prefix);
  }
  const inDay = ms - day * DAY_MS;
  const seconds = Math.floor(inDay / 1000);
  return `${prefix}${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor(seconds / 60) % 60)}:${pad2(seconds % 60)}.${pad3(inDay % 1000)}Z`;
}

/**
 * A list's DateFrom and DateTo (docs/contract.md §6) as inclusive bounds, null where not given; a
 * date alone as DateTo covers that whole day (UTC). Each mistake is added to `errors`.
 */
export function dateRangeInput(
  query: { DateFrom?: string | undefined; DateTo?: string | undefined },
  errors: FieldErrors,
): { from: number | null; to: number | null } {
  const parse = (name: 'DateFrom' | 'DateTo') => {
    const raw = query[name];
    if (raw === undefined || raw.trim() === '') return null;
    const parsed = parseDateInput(raw);
    if (!parsed) errors.add(name, `${raw} is not an ISO 8601 date or date-time`);
    return parsed;
  };
  const from = parse('DateFrom');
  const toParsed = parse('DateTo');
  const to = toParsed === null ? null : toParsed.dateOnly ? toParsed.ms + DAY_MS - 1 : toParsed.ms;
  if (from && to !== null && from.ms > to) errors.add('DateTo', 'must not be before DateFrom');
  return { from: from?.ms ?? null, to };
}
