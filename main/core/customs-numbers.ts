/**
 * A sender's customs numbers (docs/contract.md §17): EORI, VAT and IOSS, checked for their form,
 * and the IOSS rule: goods sent from outside the EU to an EU country, worth EUR 150 or less,
 * are declared under the sender's IOSS number (the import VAT is paid at sale, not on arrival).
 */
import type { FieldErrors } from './errors';

/** The EU's member states, ISO 3166 alpha-2. */
export const EU_COUNTRIES: ReadonlySet<string> = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' '),
);

/** The IOSS ceiling: the goods' intrinsic value, in euro cents. */
export const IOSS_MAX_EUR_MINOR = 150_00;

export interface SenderNumbers {
  senderEori: string;
  senderVat: string;
  senderIoss: string;
}

export const NO_SENDER_NUMBERS: SenderNumbers = { senderEori: '', senderVat: '', senderIoss: '' };

const EORI = /^[A-Z]{2}[A-Z0-9]{1,15}$/;
const VAT = /^[A-Z]{2}[A-Z0-9]{2,13}$/;
const IOSS = /^IM\d{10}$/;

/** Upper case without spaces, dots or dashes: as the numbers are printed and compared. */
const compact = (value: unknown): string =>
  typeof value === 'string' ? value.replace(/[\s.-]/g, '').toUpperCase() : '';

/** The numbers of a sender address (`path` names it in a 400), each '' when not given. */
export function senderNumbers(
  input: { eoriNumber?: unknown; vatNumber?: unknown; iossNumber?: unknown } | undefined,
  path: string,
  errors: FieldErrors,
): SenderNumbers {
  const eori = compact(input?.eoriNumber);
  const vat = compact(input?.vatNumber);
  const ioss = compact(input?.iossNumber);
  if (eori && !EORI.test(eori))
    errors.add(
      `${path}.eoriNumber`,
      'EORI number must be a country code and up to 15 letters or digits (e.g. GB123456789000)',
    );
  if (vat && !VAT.test(vat))
    errors.add(`${path}.vatNumber`, 'VAT number must start with its country code (e.g. GB123456789)');
  if (ioss && !IOSS.test(ioss))
    errors.add(`${path}.iossNumber`, 'IOSS number must be IM and 10 digits (e.g. IM3720000224)');
  return { senderEori: eori, senderVat: vat, senderIoss: ioss };
}

/**
 * Whether an international shipment is declared under the sender's IOSS number: the sender has
 * one, sends from outside the EU to an EU country, in EUR, goods worth EUR 150 or less. Another
 * currency is never converted: such a shipment is declared without IOSS (docs/desk.md).
 */
export function iossApplies(d: {
  senderIoss: string;
  from: string;
  to: string;
  currency: string;
  goodsMinor: number;
}): boolean {
  return (
    d.senderIoss !== '' &&
    !EU_COUNTRIES.has(d.from) &&
    EU_COUNTRIES.has(d.to) &&
    d.currency === 'EUR' &&
    d.goodsMinor <= IOSS_MAX_EUR_MINOR
  );
}
