/**
 * A watched folder's file as orders (docs/contract.md §19). A CSV row is one item line and rows
 * sharing an `orderNumber` make one order; the order's own columns are matched here, the
 * address and reference columns as the import matches them (import-columns.ts). A JSON file
 * is the body of POST /orders. Pure: what the orders are worth is the operation's to say.
 */
import { matchColumns } from './import-columns';

/** One order of a file, with the rows it came from (1 is the first row after the header, or the first order). */
export interface FileOrder {
  rows: number[];
  orderNumber: string;
  input: unknown;
}

const key = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

type OrderColumn =
  | 'orderNumber'
  | 'channel'
  | 'orderDate'
  | 'currency'
  | 'tags'
  | 'notes'
  | 'requestedService'
  | 'sku'
  | 'description'
  | 'quantity'
  | 'unitWeight'
  | 'weightUnit'
  | 'unitValue'
  | 'hsCode'
  | 'originCountry';

/** The folder's own columns, by the plain names a warehouse system writes (keys as `key` reads them). */
const ORDER_COLUMNS: Record<string, OrderColumn> = {
  ordernumber: 'orderNumber',
  orderno: 'orderNumber',
  order: 'orderNumber',
  orderid: 'orderNumber',
  channel: 'channel',
  saleschannel: 'channel',
  orderdate: 'orderDate',
  currency: 'currency',
  tags: 'tags',
  notes: 'notes',
  requestedservice: 'requestedService',
  service: 'requestedService',
  sku: 'sku',
  itemsku: 'sku',
  productcode: 'sku',
  description: 'description',
  itemdescription: 'description',
  product: 'description',
  contents: 'description',
  quantity: 'quantity',
  qty: 'quantity',
  unitweight: 'unitWeight',
  weight: 'unitWeight',
  itemweight: 'unitWeight',
  weightunit: 'weightUnit',
  unitvalue: 'unitValue',
  value: 'unitValue',
  price: 'unitValue',
  unitprice: 'unitValue',
  hscode: 'hsCode',
  tariffcode: 'hsCode',
  origincountry: 'originCountry',
  countryoforigin: 'originCountry',
};
const ITEM_COLUMNS = new Set<OrderColumn>([
  'sku',
  'description',
  'quantity',
  'unitWeight',
  'weightUnit',
  'unitValue',
  'hsCode',
  'originCountry',
]);
const NUMERIC = new Set<OrderColumn>(['quantity', 'unitWeight', 'unitValue']);
/** The import's fields an order has too; its others (carrier, pieces, cost) are no order's. */
const ORDER_FIELD =
  /^(deliveryAddress\.|collectionAddress\.|referenceOne$|referenceTwo$|referenceThree$|deliveryInstructions$)/;

export interface FolderColumn {
  header: string;
  /** An order column, an import path (`deliveryAddress.city`), or null: ignored. */
  field: string | null;
}

/** An import field as the folder has it: a piece's weight is an item's, its description the item's. */
function folderField(path: string): string | null {
  const piece = /^shipmentPieces\.(weight|weightUnit|description)$/.exec(path);
  if (piece) return piece[1] === 'weight' ? 'unitWeight' : piece[1]!;
  if (Object.values(ORDER_COLUMNS).includes(path as OrderColumn)) return path;
  return ORDER_FIELD.test(path) ? path : null;
}

/**
 * Each header's field: the folder's order columns first, then the import's address and
 * reference columns, then what the desk `remembered` for a header (the Import screen's
 * mappings) where nothing matched it.
 */
export function matchFolderColumns(headers: string[], remembered: Record<string, string> = {}): FolderColumn[] {
  const taken = new Set<string>();
  const own = headers.map((h) => {
    const column = ORDER_COLUMNS[key(h)];
    if (!column || taken.has(column)) return null;
    taken.add(column);
    return column;
  });
  const imported = matchColumns(headers.map((h, i) => (own[i] ? '' : h)));
  const matched = headers.map((header, i) => {
    const field = own[i] ?? imported[i]!.field;
    return { header, field: field && (own[i] || ORDER_FIELD.test(field)) ? field : null };
  });
  for (const column of matched) if (column.field) taken.add(column.field);
  for (const column of matched) {
    const mapped =
      column.field === null && Object.hasOwn(remembered, column.header)
        ? folderField(remembered[column.header]!)
        : null;
    if (mapped && !taken.has(mapped)) {
      column.field = mapped;
      taken.add(mapped);
    }
  }
  return matched;
}

/** A number when the cell reads as one (a decimal comma too), else the text, for the schema to refuse. */
function numberOrText(text: string): unknown {
  const n = Number(text.replace(',', '.'));
  return text !== '' && Number.isFinite(n) ? n : text;
}

function itemOf(columns: FolderColumn[], record: string[]): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  columns.forEach((c, i) => {
    const field = c.field as OrderColumn | null;
    if (!field || !ITEM_COLUMNS.has(field)) return;
    const text = (record[i] ?? '').trim();
    if (text === '') return;
    item[field] = NUMERIC.has(field) ? numberOrText(text) : field === 'weightUnit' ? text.toUpperCase() : text;
  });
  if (item.description === undefined && typeof item.sku === 'string') item.description = item.sku.slice(0, 50);
  item.quantity ??= 1;
  return item;
}

function orderOf(columns: FolderColumn[], records: string[][]): Record<string, unknown> {
  const first = records[0]!;
  const order: Record<string, unknown> = {};
  const addresses: Record<string, Record<string, string>> = { deliveryAddress: {}, collectionAddress: {} };
  columns.forEach((c, i) => {
    if (!c.field || ITEM_COLUMNS.has(c.field as OrderColumn)) return;
    const text = (first[i] ?? '').trim();
    if (text === '' && c.field !== 'orderNumber') return;
    const [head, tail] = c.field.split('.') as [string, string | undefined];
    if (tail !== undefined) addresses[head]![tail] = text;
    else if (c.field === 'tags')
      order.tags = text
        .split('|')
        .map((t) => t.trim())
        .filter(Boolean);
    else order[c.field] = text;
  });
  order.deliveryAddress = addresses.deliveryAddress;
  if (Object.keys(addresses.collectionAddress!).length > 0) order.collectionAddress = addresses.collectionAddress;
  order.items = records.map((r) => itemOf(columns, r));
  return order;
}

/**
 * A CSV's records (the header first) as orders, in the order of their first rows (columns
 * as matchFolderColumns matches them); or why the file cannot be read as orders at all.
 */
export function ordersFromCsv(
  records: string[][],
  remembered: Record<string, string> = {},
): { orders: FileOrder[] } | { reason: string } {
  const [header, ...rows] = records;
  if (!header || rows.length === 0)
    return { reason: 'it has no rows: the first line names the columns, each line after it is an item of an order' };
  const columns = matchFolderColumns(
    header.map((h) => h.trim()),
    remembered,
  );
  const numberAt = columns.findIndex((c) => c.field === 'orderNumber');
  if (numberAt < 0)
    return {
      reason: `no column is the order number (orderNumber): its columns are ${header.join(', ')}`,
    };
  const byNumber = new Map<string, { rows: number[]; records: string[][]; orderNumber: string }>();
  const groups: { rows: number[]; records: string[][]; orderNumber: string }[] = [];
  rows.forEach((record, r) => {
    const orderNumber = (record[numberAt] ?? '').trim();
    // A row without a number is an order of its own, refused for it.
    const known = orderNumber === '' ? undefined : byNumber.get(orderNumber.toLowerCase());
    if (known) {
      known.rows.push(r + 1);
      known.records.push(record);
      return;
    }
    const group = { rows: [r + 1], records: [record], orderNumber };
    groups.push(group);
    if (orderNumber !== '') byNumber.set(orderNumber.toLowerCase(), group);
  });
  return {
    orders: groups.map((g) => ({ rows: g.rows, orderNumber: g.orderNumber, input: orderOf(columns, g.records) })),
  };
}

/** A JSON file as orders: one order, or `{"orders": [...]}` as POST /orders takes them. */
export function ordersFromJson(text: string): { orders: FileOrder[] } | { reason: string } {
  let body: unknown;
  try {
    body = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { reason: `it is not JSON: ${(error as Error).message}` };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { reason: 'it is not an order nor {"orders": [...]}, as POST /orders takes them' };
  const many = (body as { orders?: unknown }).orders;
  if (many !== undefined && !Array.isArray(many)) return { reason: 'its orders is not a list' };
  const inputs = Array.isArray(many) ? many : [body];
  if (inputs.length === 0) return { reason: 'its orders list is empty' };
  return {
    orders: inputs.map((input, i) => {
      const orderNumber = (input as { orderNumber?: unknown } | null)?.orderNumber;
      return { rows: [i + 1], orderNumber: typeof orderNumber === 'string' ? orderNumber : '', input };
    }),
  };
}

/** A cell as a spreadsheet shows it, never as a formula it would run (`=`, `+`, `-`, `@`, tab, return first). */
export function safeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
