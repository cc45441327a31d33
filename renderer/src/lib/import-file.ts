/**
 * An import file on the desk: read with csv-parse (as the station reads it), columns mapped
 * by the operator written back into the header, fixed rows written out again, and each
 * header's mapping remembered on this desk.
 */
import { humanPath } from './field-errors';
import { parse } from 'csv-parse/browser/esm/sync';

export interface ImportFile {
  name: string;
  header: string[];
  rows: string[][];
}

/** The header line's delimiter, as the station picks it: `;` when it has more of them than `,`. */
function delimiterOf(text: string): ',' | ';' {
  const line = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return (line.match(/;/g)?.length ?? 0) > (line.match(/,/g)?.length ?? 0) ? ';' : ',';
}

export function readImportFile(name: string, text: string): ImportFile {
  const records = parse(text, {
    bom: true,
    delimiter: delimiterOf(text),
    relax_column_count: true,
    skip_empty_lines: true,
  }) as string[][];
  const [header = [], ...rows] = records;
  return { name, header: header.map((h) => h.trim()), rows };
}

const cell = (value: string): string => (/[",;\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The file as CSV again: `mapping` renames columns to field paths; only `rows` (indexes) when given. */
export function writeImportFile(file: ImportFile, mapping: Record<string, string>, rows?: number[]): string {
  const header = file.header.map((h) => mapping[h] || h);
  const chosen = rows ? rows.map((i) => file.rows[i]!) : file.rows;
  return [header, ...chosen].map((record) => record.map(cell).join(',')).join('\r\n');
}

const mappingKey = (header: string[]) => `import-mapping:${header.join('\u0001')}`;

/** What the operator mapped the last time a file with this very header came. */
export function rememberedMapping(header: string[]): Record<string, string> {
  try {
    return JSON.parse(localStorage.getItem(mappingKey(header)) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

export function rememberMapping(header: string[], mapping: Record<string, string>): void {
  localStorage.setItem(mappingKey(header), JSON.stringify(mapping));
}

/** Every column this desk mapped on the Import screen, whatever file it came in: what the watched folder is given. */
export function rememberedColumns(): Record<string, string> {
  const columns: Record<string, string> = {};
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith('import-mapping:')) continue;
    try {
      for (const [header, field] of Object.entries(JSON.parse(localStorage.getItem(key) ?? '{}') as object))
        if (typeof field === 'string' && field !== '') columns[header] = field;
    } catch {
      // A mapping that is not JSON any more is left out.
    }
  }
  return columns;
}

/** The fields a column may be mapped to, for the operator's choice. */
export const IMPORT_FIELDS = [
  'referenceOne',
  'referenceTwo',
  'referenceThree',
  'group',
  'carrierId',
  'carrierServiceId',
  'despatchDate',
  'deliveryAddress.fullName',
  'deliveryAddress.businessName',
  'deliveryAddress.addressLine1',
  'deliveryAddress.addressLine2',
  'deliveryAddress.addressLine3',
  'deliveryAddress.city',
  'deliveryAddress.county',
  'deliveryAddress.postZipCode',
  'deliveryAddress.countryTwoCharacterISOCode',
  'deliveryAddress.phoneNumber',
  'deliveryAddress.emailAddress',
  'shipmentPieces.weight',
  'shipmentPieces.weightUnit',
  'shipmentPieces.length',
  'shipmentPieces.width',
  'shipmentPieces.height',
  'shipmentPieces.dimensionUnit',
  'shipmentPieces.description',
  'deliveryInstructions',
  'goodsDescription',
  'hsCode',
  'descriptionOfGoods',
  'cost',
  'contentsType',
  'insuredValue',
  'currency',
  'carrierFeatures',
] as const;

/** A field as the Import screen names it: `Delivery address › Post code`, `Piece weight`, never its request path. */
export function importFieldLabel(field: string): string {
  if (field === 'group') return 'Shipment group (rows with the same one are one shipment)';
  if (field === 'carrierFeatures') return 'Carrier features';
  const piece = /^shipmentPieces\.(\w+)$/.exec(field);
  return piece ? `Piece ${humanPath(piece[1]!)}` : humanPath(field);
}
