/** Money is integer minor units in storage (CONTRACT §5); amounts in the API are decimals. */

/** Minor units per major unit for an ISO 4217 currency (JPY 1, GBP 100, KWD 1000). */
export function minorUnitFactor(currency: string): number {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits;
  return 10 ** (digits ?? 2);
}

export const toMinorUnits = (amount: number, currency: string): number =>
  Math.round(amount * minorUnitFactor(currency));
export const fromMinorUnits = (minor: number, currency: string): number =>
  minor / minorUnitFactor(currency);

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
export const isCurrency = (code: string): boolean => CURRENCIES.has(code);
