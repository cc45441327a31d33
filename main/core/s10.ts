/**
 * UPU S10 tracking numbers: 2 service letters, an 8-digit serial, a check digit and the
 * 2-letter country of origin (e.g. SX123456785GB). docs/contract.md §5.
 */
const WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const;

export function s10CheckDigit(serial: string): number {
  if (!/^\d{8}$/.test(serial)) throw new RangeError(`S10 serial must be 8 digits: ${serial}`);
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(serial[i]) * WEIGHTS[i]!;
  const check = 11 - (sum % 11);
  if (check === 10) return 0;
  if (check === 11) return 5;
  return check;
}

export function makeTrackingNumber(prefix: string, serialNumber: number, country: string): string {
  if (!/^[A-Z]{2}$/.test(prefix)) throw new RangeError(`S10 prefix must be 2 letters: ${prefix}`);
  if (!/^[A-Z]{2}$/.test(country)) throw new RangeError(`S10 country must be 2 letters: ${country}`);
  if (!Number.isInteger(serialNumber) || serialNumber < 0 || serialNumber > 99_999_999) {
    throw new RangeError(`S10 serial out of range: ${serialNumber}`);
  }
  const serial = String(serialNumber).padStart(8, '0');
  return `${prefix}${serial}${s10CheckDigit(serial)}${country}`;
}

export function isValidTrackingNumber(value: string): boolean {
  const m = /^([A-Z]{2})(\d{8})(\d)([A-Z]{2})$/.exec(value);
  return m !== null && s10CheckDigit(m[2]!) === Number(m[3]);
}
