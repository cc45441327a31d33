/** Money is integer minor units in storage (docs/contract.md §5); amounts in the API are decimals. */

// Building an Intl.NumberFormat costs ~40 µs, every create asks twice: one per currency.
const factors = new Map<string, number>();

/** Minor units per major unit for an ISO 4217 currency (JPY 1, GBP 100, KWD 1000). */
export function minorUnitFactor(currency: string): number {
  let factor = factors.get(currency);
  if (factor === undefined) {
    const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
    factor = 10 ** (digits ?? 2);
    // Only valid codes reach here (an unknown one throws above), so the map stays small.
    factors.set(currency, factor);
  }
  return factor;
}

export const toMinorUnits = (amount: number, currency: string): number =>
  Math.round(amount * minorUnitFactor(currency));
export const fromMinorUnits = (minor: number, currency: string): number => minor / minorUnitFactor(currency);

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
export const isCurrency = (code: string): boolean => CURRENCIES.has(code);
