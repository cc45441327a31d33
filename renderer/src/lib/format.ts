/** How numbers, dates and money read on screen: the desk's locale, tabular, compact. */

const dateTime = new Intl.DateTimeFormat(undefined, {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat(undefined, { day: '2-digit', month: 'short', year: 'numeric' });
const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: 3 });
const timeOnly = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const shortDay = new Intl.DateTimeFormat(undefined, { day: '2-digit', month: 'short' });

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateOnly.format(date);
}

/**
 * Dense tables, as a mail client reads: the time for today ("09:30"), the day earlier this
 * year ("20 Nov"), the full date before. The cell's title carries the full date and time.
 */
export function formatListTime(iso: string | null | undefined, now = new Date()): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (date.toDateString() === now.toDateString()) return timeOnly.format(date);
  return date.getFullYear() === now.getFullYear() ? shortDay.format(date) : dateOnly.format(date);
}

/** Dense tables: "21 Nov" this year, "21 Nov 2025" before. */
export function formatShortDate(iso: string | null | undefined, now = new Date()): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.getFullYear() === now.getFullYear() ? shortDay.format(date) : dateOnly.format(date);
}

export const formatNumber = (value: number): string => number.format(value);

export function formatMoney(value: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}

/** Today in the desk's own time zone, as `YYYY-MM-DD` (what `<input type=date>` holds). */
export function todayIso(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

export const plural = (count: number, one: string, many = `${one}s`): string =>
  `${formatNumber(count)} ${count === 1 ? one : many}`;
