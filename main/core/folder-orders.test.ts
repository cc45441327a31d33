/** A watched folder's files as orders (docs/contract.md §19): columns, grouping, JSON bodies and safe cells. */
import { describe, expect, it } from 'vitest';
import { matchFolderColumns, ordersFromCsv, ordersFromJson, safeCell } from './folder-orders';

describe('matchFolderColumns', () => {
  it("takes the order's own columns first, then the import's address and reference columns; the rest are ignored", () => {
    const fields = matchFolderColumns([
      'Order Number',
      'Reference',
      'Post code',
      'deliveryAddress.city',
      'collectionAddress.postZipCode',
      'Weight',
      'weight_unit',
      'Qty',
      'Price',
      'Carrier',
      'Order number',
    ]).map((c) => c.field);
    expect(fields).toEqual([
      'orderNumber',
      'referenceOne',
      'deliveryAddress.postZipCode',
      'deliveryAddress.city',
      'collectionAddress.postZipCode',
      'unitWeight',
      'weightUnit',
      'quantity',
      'unitValue',
      // A carrier is no order's: the rules choose it.
      null,
      // A field is taken by its first column.
      null,
    ]);
  });
  it('uses what the desk remembered for a header nothing matched, as an order has it, never over a match', () => {
    const remembered = {
      Kundennummer: 'orderNumber',
      PLZ: 'deliveryAddress.postZipCode',
      Gewicht: 'shipmentPieces.weight',
      Artikel: 'shipmentPieces.description',
      Dienst: 'carrierServiceId',
      Stadt: 'deliveryAddress.city',
    };
    const fields = matchFolderColumns(
      ['Kundennummer', 'PLZ', 'Gewicht', 'Artikel', 'Dienst', 'City', 'Stadt'],
      remembered,
    );
    expect(fields.map((c) => c.field)).toEqual([
      'orderNumber',
      'deliveryAddress.postZipCode',
      'unitWeight',
      'description',
      // No order has a carrier service: the rules choose it.
      null,
      'deliveryAddress.city',
      // City matched by itself first.
      null,
    ]);
  });
});

describe('ordersFromCsv', () => {
  it('makes one order of the rows sharing a number (ignoring case), an item a row, defaults filled', () => {
    const read = ordersFromCsv([
      ['orderNumber', 'Name', 'Country', 'SKU', 'Weight', 'Weight unit', 'Tags', 'Value'],
      ['W-1', 'Ada', 'GB', 'MUG', '0,4', 'g', 'gift| vip |', '7.5'],
      ['W-2', 'Bob', 'GB', 'TEA', '1', '', '', ''],
      ['w-1', 'ignored', 'FR', 'PLATE', 'heavy', '', '', ''],
      ['', 'No number', 'GB', 'MUG', '1', '', '', ''],
      ['', 'No number either', 'GB', 'MUG', '1', '', '', ''],
    ]);
    if ('reason' in read) throw new Error(read.reason);
    expect(read.orders.map((o) => [o.orderNumber, o.rows])).toEqual([
      ['W-1', [1, 3]],
      ['W-2', [2]],
      ['', [4]],
      ['', [5]],
    ]);
    expect(read.orders[0]!.input).toEqual({
      orderNumber: 'W-1',
      tags: ['gift', 'vip'],
      deliveryAddress: { fullName: 'Ada', countryTwoCharacterISOCode: 'GB' },
      items: [
        { sku: 'MUG', description: 'MUG', quantity: 1, unitWeight: 0.4, weightUnit: 'G', unitValue: 7.5 },
        // Not a number: left as written, for the order's check to name.
        { sku: 'PLATE', description: 'PLATE', quantity: 1, unitWeight: 'heavy' },
      ],
    });
    // A row without a number still says so, for the order's check to refuse.
    expect(read.orders[2]!.input).toMatchObject({ orderNumber: '' });
  });

  it('says why a file is not one of orders', () => {
    expect(ordersFromCsv([['orderNumber', 'Name']])).toEqual({ reason: expect.stringMatching(/has no rows/) });
    expect(
      ordersFromCsv([
        ['Name', 'City'],
        ['Ada', 'Leeds'],
      ]),
    ).toEqual({
      reason: 'no column is the order number (orderNumber): its columns are Name, City',
    });
  });
});

describe('ordersFromJson', () => {
  it('reads one order or {"orders": [...]}, numbered from 1', () => {
    expect(ordersFromJson('\uFEFF{"orderNumber": "J-1", "items": []}')).toEqual({
      orders: [{ rows: [1], orderNumber: 'J-1', input: { orderNumber: 'J-1', items: [] } }],
    });
    const many = ordersFromJson('{"orders": [{"orderNumber": "A"}, 7]}');
    if ('reason' in many) throw new Error(many.reason);
    expect(many.orders.map((o) => [o.rows, o.orderNumber, o.input])).toEqual([
      [[1], 'A', { orderNumber: 'A' }],
      [[2], '', 7],
    ]);
  });

  it('says why a file is not one', () => {
    expect(ordersFromJson('{nope')).toEqual({ reason: expect.stringMatching(/^it is not JSON/) });
    expect(ordersFromJson('[1, 2]')).toEqual({ reason: expect.stringMatching(/not an order nor/) });
    expect(ordersFromJson('{"orders": {}}')).toEqual({ reason: 'its orders is not a list' });
    expect(ordersFromJson('{"orders": []}')).toEqual({ reason: 'its orders list is empty' });
  });
});

describe('safeCell', () => {
  it('writes a cell a spreadsheet would run as text, and leaves the others alone', () => {
    for (const cell of ['=1+2', '+44 20', '-3', '@SUM(A1)', '\tx', '\rx']) expect(safeCell(cell)).toBe(`'${cell}`);
    for (const cell of ['A-100', '', 'Ada = Bob', '12']) expect(safeCell(cell)).toBe(cell);
  });
});
