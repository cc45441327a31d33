/** ISO 4217 currency codes the desk's browser knows, for the currency select. */
let cached: string[] | undefined;

export function currencies(): string[] {
  if (!cached) {
    const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [];
    cached = known.length ? known : ['EUR', 'GBP', 'USD'];
  }
  return cached;
}
