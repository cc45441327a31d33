/**
 * Batch import (docs/contract.md §14) through the HTTP app, on the run's store, with real files:
 * a BOM, semicolons, quoted line breaks, a several-row shipment, mixed valid and invalid
 * rows, references shipped already, the limits, a dry run and a keyed retry.
 */
import { readFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfBarcodes, pdfPageTexts } from '../helpers/pdf';
import { zplBarcodes } from '../helpers/zpl';
import {
  createShipment,
  HOST,
  fiveRowImport,
  OPERATOR,
  setSender,
  shipmentRequest,
  stationForFile,
} from '../helpers/station';

const { t, token, get, upload } = await stationForFile();
// Rows without a sender are sent from the station's address.
await setSender(t, token);

const count = async (reference: string) =>
  Number(
    (await t.sql<{ n: number }>('SELECT count(*) AS n FROM shipments WHERE reference_one = ?', [reference]))[0]!.n,
  );

describe('importing a file', () => {
  it('creates the sample file: a BOM, quoted commas and line breaks, two rows as one two-piece shipment', async () => {
    const sample = readFileSync(join(process.cwd(), 'docs', 'sample-import.csv'));
    const res = await upload(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), sample]));
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ dryRun: false, totalRows: 4, created: 4, invalid: 0, skipped: 0 });
    expect(r.importId).toEqual(expect.any(Number));
    expect(r.columns[0]).toEqual({ header: 'Reference', field: 'referenceOne' });
    expect(r.columns.find((c: { header: string }) => c.header === 'Post code').field).toBe(
      'deliveryAddress.postZipCode',
    );
    // Rows 2 and 3 share WEB-10232 and group A: one shipment of two pieces.
    expect(r.rows[1].shipmentId).toBe(r.rows[2].shipmentId);
    expect(new Set(r.rows.map((row: { shipmentId: string }) => row.shipmentId)).size).toBe(3);
    const bob = (await get(`/shipments/${r.rows[1].shipmentId}`)).json();
    expect(bob.shipmentPieces.map((p: { weight: number; description: string }) => [p.weight, p.description])).toEqual([
      [2.5, 'Gearbox parts'],
      [1.25, 'Gaskets'],
    ]);
    expect(bob.deliveryAddress).toMatchObject({
      businessName: 'Baker & Sons',
      addressLine1: 'Unit 4, Canal Wharf',
      postZipCode: 'LS1 1BA',
    });
    expect(bob.deliveryInstructions).toBe('Ring the bell,\nthen wait');
    expect(bob.collectionAddress).toMatchObject({ businessName: 'Acme Widgets Ltd', postZipCode: 'E1 1AA' });
    const chloe = (await get(`/shipments/${r.rows[3].shipmentId}`)).json();
    expect(chloe).toMatchObject({
      carrierServiceId: 104,
      hsCode: '490199',
      descriptionOfGoods: 'Printed books',
      cost: 18,
    });
    expect(chloe.deliveryAddress.fullName).toBe('Chloé Dubois');
    expect((await get(`/imports/${r.importId}`)).json()).toEqual(r);
  });

  it('reads semicolons and header paths, reports every wrong field of an invalid row and creates the valid ones', async () => {
    const csv = [
      'referenceOne;deliveryAddress.fullName;deliveryAddress.addressLine1;deliveryAddress.city;deliveryAddress.postZipCode;deliveryAddress.countryTwoCharacterISOCode;shipmentPieces.weight;shipmentPieces.length;shipmentPieces.width;shipmentPieces.height',
      'SEMI-1;Dana Scully;"12 Elm Street; Flat 2";Leeds;LS1 1UR;GB;1,5;30;20;10',
      'SEMI-2;Fox Mulder;1 Oak Road;Leeds;SW1A 9ZZZ;GB;abc;30;20;-4',
      'SEMI-3;Walter Skinner;2 Oak Road;Leeds;LS2 7EY;GB;2;30;20;10',
    ].join('\r\n');
    const r = (await upload(csv)).json();
    expect(r).toMatchObject({ totalRows: 3, created: 2, invalid: 1, skipped: 0 });
    expect(r.rows.map((row: { status: string }) => row.status)).toEqual(['created', 'invalid', 'created']);
    expect(r.rows[1].problems).toEqual({
      'shipmentPieces[0].weight': 'Weight must be a number',
      'shipmentPieces[0].height': 'Height must be more than 0 cm',
    });
    const dana = (await get(`/shipments/${r.rows[0].shipmentId}`)).json();
    expect(dana.deliveryAddress.addressLine1).toBe('12 Elm Street; Flat 2');
    expect(dana.shipmentPieces[0].weight).toBe(1.5);
    expect(await count('SEMI-2')).toBe(0);

    // The schema passes, the business rules do not: the post code is named.
    const rules = (
      await upload(
        'Reference,Name,Address 1,City,Post code,Country,Weight,Length,Width,Height\nRULE-1,Fox Mulder,1 Oak Road,Leeds,SW1A 9ZZZ,GB,1,30,20,10',
      )
    ).json();
    expect(rules.rows[0].status).toBe('invalid');
    expect(rules.rows[0].problems['deliveryAddress.postZipCode']).toMatch(/Post code SW1A 9ZZZ is not a .*post code/);
  });

  it('finds in the dry run an export declared as a sale worth nothing, in the desk’s words; a gift need not be', async () => {
    const header =
      'Reference,Name,Address 1,City,Post code,Country,Weight,Length,Width,Height,Service,HS code,Description of goods';
    const csv = (more: string, extra = '') =>
      `${header}${more}\nFREE-1,Chloé Dubois,1 Rue de Rivoli,Paris,75001,FR,0.8,25,15,5,104,490199,Printed books${extra}`;
    const dry = (await upload(csv(''), 'carrierId=1&carrierServiceId=101&dryRun=true')).json();
    expect(dry).toMatchObject({ dryRun: true, valid: 0, invalid: 1 });
    expect(dry.rows[0].problems).toEqual({
      cost: 'A sale of goods must declare what it sold for: enter the cost of the goods (in GBP), or choose another contents type (Gift, Documents…)',
    });
    const gift = (await upload(csv(',Contents type', ',Gift'), 'carrierId=1&carrierServiceId=101&dryRun=true')).json();
    expect(gift).toMatchObject({ valid: 1, invalid: 0 });
    const priced = (await upload(csv(',Cost', ',18.00'), 'carrierId=1&carrierServiceId=101&dryRun=true')).json();
    expect(priced).toMatchObject({ valid: 1, invalid: 0 });
  });

  it('skips rows whose reference is shipped already, and not one that was cancelled', async () => {
    await createShipment(t, token, shipmentRequest({ referenceOne: 'DUP-1' }));
    const cancelled = await createShipment(t, token, shipmentRequest({ referenceOne: 'DUP-2' }));
    await t.request({ method: 'DELETE', url: `/shipments/${cancelled.shipmentId}`, token });
    // Neither is DUP-3 or DUP-4 as a first reference, written so: those rows are new.
    await createShipment(t, token, shipmentRequest({ referenceOne: 'dup-3' }));
    await createShipment(t, token, shipmentRequest({ referenceOne: 'OTHER-4', referenceTwo: 'DUP-4' }));
    const row = (reference: string, name: string) => `${reference},${name},1 Oak Road,Leeds,LS1 1UR,GB,1,30,20,10`;
    const csv = [
      'Reference,Name,Address 1,City,Post code,Country,Weight,Length,Width,Height',
      row('DUP-1', 'A'),
      row('DUP-2', 'B'),
      row('DUP-2', 'C'),
      row('DUP-3', 'D'),
      row('DUP-4', 'E'),
    ].join('\n');
    const r = (await upload(csv)).json();
    expect(r.rows.map((row: { status: string }) => row.status)).toEqual([
      'skipped',
      'created',
      'skipped',
      'created',
      'created',
    ]);
    expect(r.rows[0].reason).toMatch(/DUP-1 exists already/);
    expect(await count('DUP-1')).toBe(1);
    expect(await count('DUP-2')).toBe(2); // the cancelled one and the new one
  });

  it('creates nothing in a dry run, and nothing more when the same file and key come again', async () => {
    const csv =
      'Reference,Name,Address 1,City,Post code,Country,Weight,Length,Width,Height\nKEY-1,A,1 Oak Road,Leeds,LS1 1UR,GB,1,30,20,10\nKEY-2,B,1 Oak Road,Leeds,XX,GB,1,30,20,10';
    const dry = (await upload(csv, 'carrierId=1&carrierServiceId=101&dryRun=true')).json();
    expect(dry).toMatchObject({ importId: null, dryRun: true, valid: 1, invalid: 1, created: 0 });
    expect(await count('KEY-1')).toBe(0);
    const key = { 'idempotency-key': 'morning-orders-2026-11-21' };
    const first = await upload(csv, undefined, key);
    const again = await upload(csv, undefined, key);
    expect(again.json()).toEqual(first.json());
    expect(await count('KEY-1')).toBe(1);
    const other = await upload(`${csv}\n`.replace('KEY-2', 'KEY-3'), undefined, key);
    expect(other.statusCode).toBe(409);
  });

  it('says what is wrong with a file it cannot take', async () => {
    const wrongType = await t.request({ method: 'POST', url: '/imports', token, payload: { csv: 'x' } });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().detail).toMatch(/text\/csv/);
    const elsewhere = await t.request({
      method: 'POST',
      url: '/shipments',
      token,
      payload: 'a,b',
      headers: { 'content-type': 'text/csv' },
    });
    expect(elsewhere.statusCode).toBe(415);
    expect((await upload('just,a,header\n')).json().body).toMatch(/has no rows/);
    expect((await upload('colour,size\nred,9')).json().body).toMatch(/matches no column/);
    const broken = await upload('Reference,Name\n"unclosed,A');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().body).toMatch(/not a readable CSV/);
    const huge = await upload(Buffer.alloc(20 * 1024 * 1024 + 1, 'a'));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().detail).toMatch(/20 MiB/);
    const row = 'R,Ann,1 Oak Road,Leeds,LS1 1UR,GB,1,30,20,10\n';
    const header = 'Name,Address 1,City,Post code,Country,Weight,Length,Width,Height\n';
    const tooMany = await upload(header + row.slice(2).repeat(10_001));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().body).toMatch(/more than 10,000 rows/);
  });

  it('refuses more than 200 columns, in the header or in a row, with a 400 that says so; nothing is kept', async () => {
    const header = 'Name,Address 1,City,Post code,Country,Weight,Length,Width,Height';
    const row = 'Ann,1 Oak Road,Leeds,LS1 1UR,GB,1,30,20,10';
    const imports = async () => Number((await t.sql<{ n: number }>('SELECT count(*) AS n FROM imports'))[0]!.n);
    const before = await imports();
    const wide = await upload(`${header}${',Extra'.repeat(300)}\n${row}\n`);
    expect(wide.statusCode).toBe(400);
    expect(wide.json().body).toBe('has 309 columns in its header line; a file to import may have at most 200');
    const commas = await upload(`${header}${','.repeat(1_000_000)}\n${row}\n`);
    expect(commas.statusCode).toBe(400);
    expect(commas.json().body).toMatch(/^has 1,000,009 columns in its header line/);
    const semicolons = await upload(`${header.replaceAll(',', ';')}${';'.repeat(500)}\n${row.replaceAll(',', ';')}\n`);
    expect(semicolons.json().body).toMatch(/^has 509 columns in its header line/);
    const wideRow = await upload(`${header}\n${row}\n${row}${',9'.repeat(250)}\n`);
    expect(wideRow.statusCode).toBe(400);
    expect(wideRow.json().body).toMatch(/^has 259 columns on line 3;/);
    expect(await imports()).toBe(before);
  });

  it('refuses a 20 MiB import without a token before it takes the body', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      const done = () => {
        clearTimeout(timer);
        socket.destroy();
        resolve(text);
      };
      const timer = setTimeout(done, 5000);
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        if (/\r\n\r\n\{.*\}$/s.test(text)) done();
      });
      socket.on('error', done);
      socket.on('close', done);
      // The head and the first KiB of the 20 MiB it announces: the rest is never sent.
      socket.write(
        `POST /imports HTTP/1.1\r\nHost: ${HOST}\r\nContent-Type: text/csv\r\nContent-Length: ${20 * 1024 * 1024}\r\n\r\n`,
      );
      socket.write(Buffer.alloc(1024, 'a'));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
    expect(answer.toLowerCase()).toContain('content-type: application/problem+json');
    expect(answer.toLowerCase()).toContain('connection: close');
  });

  it('prints every label of an import in one PDF, in row order, and marks the shipments Printed', async () => {
    const r = (await upload(fiveRowImport('LBL'))).json();
    expect(r.rows.map((row: { status: string }) => row.status)).toEqual([
      'created',
      'created',
      'invalid',
      'created',
      'created',
    ]);
    const res = await get(`/imports/${r.importId}/labels`);
    expect(res.statusCode).toBe(200);
    const pdf = Buffer.from(res.json().base64String, 'base64');
    const pages = await pdfPageTexts(pdf);
    expect(pages).toHaveLength(4); // LBL-1, LBL-2 (two pieces), LBL-4
    const order = [r.rows[0], r.rows[1], r.rows[1], r.rows[4]].map(
      (row: { shipmentNumber: string }) => row.shipmentNumber,
    );
    pages.forEach((text, i) => expect(text).toContain(order[i]));
    expect(pages[2]).toContain('Piece 2 of 2');
    const tracking = [];
    for (const row of [r.rows[0], r.rows[1], r.rows[4]]) {
      const v = (await get(`/shipments/${row.shipmentId}`)).json();
      expect(v.status).toBe('Printed');
      tracking.push(...v.shipmentPieces.map((p: { trackingNumber: string }) => p.trackingNumber));
    }
    const codes = (await pdfBarcodes(pdf, 200)).map((page) => page.find((c) => c.type === 'CODE-128')?.data);
    expect(codes).toEqual(tracking);
    expect((await get(`/imports/${r.importId}/labels`)).json().base64String).toBe(res.json().base64String);
    expect((await get('/imports/999999/labels')).statusCode).toBe(404);
  });

  it("prints an import's labels as ZPL (§15): each shipment's own label in row order, scannable, the same bytes each time", async () => {
    const r = (await upload(fiveRowImport('ZPL'))).json();
    const shipments = [r.rows[0], r.rows[1], r.rows[4]] as { shipmentId: string }[];
    const res = await get(`/imports/${r.importId}/labels?format=zpl&dpi=300`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().format).toBe('zpl');
    const zpl = Buffer.from(res.json().base64String, 'base64');
    // Byte for byte the shipments' own ZPL labels, one after another in row order.
    const own = await Promise.all(
      shipments.map((s) => get(`/shipments/${s.shipmentId}/label?format=zpl&dpi=300&markPrinted=false`)),
    );
    expect(zpl.equals(Buffer.concat(own.map((o) => Buffer.from(o.json().base64String, 'base64'))))).toBe(true);
    const tracking = [];
    for (const s of shipments) {
      const v = (await get(`/shipments/${s.shipmentId}`)).json();
      expect(v.status).toBe('Printed');
      tracking.push(...v.shipmentPieces.map((p: { trackingNumber: string }) => p.trackingNumber));
    }
    const pages = await zplBarcodes(zpl.toString('latin1'), 300);
    expect(pages.map((p) => p.find((x) => x.type === 'CODE-128')?.data)).toEqual(tracking);
    expect((await get(`/imports/${r.importId}/labels?format=zpl&dpi=300`)).json().base64String).toBe(
      res.json().base64String,
    );
    // 203 dpi by default; a wrong format or dpi is named in a 400.
    expect(
      Buffer.from((await get(`/imports/${r.importId}/labels?format=zpl`)).json().base64String, 'base64').toString(
        'latin1',
      ),
    ).toContain('^PW812^LL1218');
    const bad = await get(`/imports/${r.importId}/labels?format=eps&dpi=600`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(['format', 'dpi']));
  });

  it("tells how far a running import has got, rows done of the file's rows, to its own user only", async () => {
    const header = 'Reference,Name,Address 1,City,Post code,Country,Weight,Length,Width,Height\n';
    const csv =
      header +
      Array.from({ length: 3000 }, (_, i) => `PROG-${i},Ann,1 Oak Road,Leeds,LS1 1UR,GB,1,30,20,10\n`).join('');
    const key = 'progress-test-key';
    let finished = false;
    const running = upload(csv, undefined, { 'idempotency-key': key }).finally(() => (finished = true));
    const seen: { rowsDone: number; totalRows: number }[] = [];
    const operator = await t.signIn(OPERATOR);
    let othersSaw = 0;
    while (!finished) {
      // As a desk polls: now and then (injected requests alone would starve the store's commits).
      await new Promise((resolve) => setTimeout(resolve, 10));
      const res = await get(`/import-progress/${key}`);
      if (res.statusCode === 200) seen.push(res.json());
      else expect(res.statusCode).toBe(404); // not started yet, or just finished
      if ((await t.request({ method: 'GET', url: `/import-progress/${key}`, token: operator })).statusCode !== 404)
        othersSaw++;
    }
    expect((await running).json().created).toBe(3000);
    expect(othersSaw).toBe(0);
    expect(seen.some((p) => p.rowsDone > 0 && p.rowsDone < 3000)).toBe(true);
    expect(seen.every((p) => p.totalRows === 3000)).toBe(true);
    // Never backwards.
    expect(seen.map((p) => p.rowsDone)).toEqual([...seen.map((p) => p.rowsDone)].sort((a, b) => a - b));
    expect((await get(`/import-progress/${key}`)).statusCode).toBe(404);
  });

  it('prints several shipments in one PDF with an outcome for each (a bulk action of the list)', async () => {
    const a = await createShipment(t, token, shipmentRequest({ referenceOne: 'BULK-A' }));
    const b = await createShipment(
      t,
      token,
      shipmentRequest({
        referenceOne: 'BULK-B',
        shipmentPieces: [
          { weight: 1, length: 1, width: 1, height: 1 },
          { weight: 2, length: 1, width: 1, height: 1 },
        ],
      }),
    );
    const c = await createShipment(t, token, shipmentRequest({ referenceOne: 'BULK-C' }));
    await t.request({ method: 'DELETE', url: `/shipments/${c.shipmentId}`, token });
    const unknown = '3f2b8c1e-0000-4000-8000-000000000000';
    const res = await t.request({
      method: 'POST',
      url: '/labels',
      token,
      payload: { shipmentIds: [b.shipmentId, c.shipmentId, unknown, a.shipmentId] },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.results).toEqual([
      { shipmentId: b.shipmentId, shipmentNumber: b.shipmentNumber, ok: true },
      {
        shipmentId: c.shipmentId,
        shipmentNumber: c.shipmentNumber,
        ok: false,
        problem: expect.stringMatching(/cancelled/),
      },
      { shipmentId: unknown, ok: false, problem: 'There is no such shipment.' },
      { shipmentId: a.shipmentId, shipmentNumber: a.shipmentNumber, ok: true },
    ]);
    const pages = await pdfPageTexts(Buffer.from(body.base64String, 'base64'));
    expect(pages.map((p) => (p.includes(b.shipmentNumber) ? 'b' : p.includes(a.shipmentNumber) ? 'a' : '?'))).toEqual([
      'b',
      'b',
      'a',
    ]);
    for (const s of [a, b]) expect((await get(`/shipments/${s.shipmentId}`)).json().status).toBe('Printed');
  });

  it('fetches a batch’s labels to print through a window with markPrinted=false: the statuses stay until the desk says they printed', async () => {
    const r = (
      await upload(
        'Reference,Name,Address 1,City,Post code,Country,Weight,Length,Width,Height\n' +
          'WIN-1,Zed,1 Oak Road,Leeds,LS1 1UR,GB,1,30,20,10\nWIN-2,Yan,1 Oak Road,Leeds,LS1 1UR,GB,1,30,20,10',
      )
    ).json();
    const ids: string[] = r.rows.map((row: { shipmentId: string }) => row.shipmentId);
    const statuses = async () =>
      Promise.all(ids.map(async (id) => (await get(`/shipments/${id}`)).json().status as string));
    const fromImport = await get(`/imports/${r.importId}/labels?markPrinted=false&includeCustoms=true`);
    expect(fromImport.statusCode, fromImport.body).toBe(200);
    expect(await pdfPageTexts(Buffer.from(fromImport.json().base64String, 'base64'))).toHaveLength(2);
    const selection = await t.request({
      method: 'POST',
      url: '/labels?markPrinted=false',
      token,
      payload: { shipmentIds: ids },
    });
    expect(selection.statusCode, selection.body).toBe(200);
    expect(selection.json().results.map((x: { ok: boolean }) => x.ok)).toEqual([true, true]);
    expect(await statuses()).toEqual(['Not Printed', 'Not Printed']);
    // The operator says they printed: the same call, marking.
    await t.request({ method: 'POST', url: '/labels', token, payload: { shipmentIds: ids } });
    expect(await statuses()).toEqual(['Printed', 'Printed']);
    expect((await get(`/imports/${r.importId}/labels?markPrinted=nope`)).statusCode).toBe(400);
  });

  it('checks a file of 10,000 rows', async () => {
    const header = 'Reference,Name,Address 1,City,Post code,Country,Weight,Length,Width,Height\n';
    const rows = Array.from(
      { length: 10_000 },
      (_, i) => `BIG-${i},Ann ${i},1 Oak Road,Leeds,LS1 1UR,GB,1,30,20,10\n`,
    ).join('');
    const res = await upload(header + rows, 'carrierId=1&carrierServiceId=101&dryRun=true');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalRows: 10_000, valid: 10_000 });
  });
});
