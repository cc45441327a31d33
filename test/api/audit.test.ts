/**
 * The audit trail (docs/contract.md §22), on each store: sign-ins accepted and refused, changes of
 * users, keys, settings, printers, rules and webhooks (before → after, never a secret), cancels,
 * manifests, imports and label prints, each with when, who, the door and the API key;
 * GET /audit's filters and paging for administrators only; a shipment's print count; and
 * the trail kept for the setting's days.
 */
import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  createShipment,
  networkOnlyPrinters,
  OPERATOR,
  setSender,
  signInOverIpc,
  stationForFile,
} from '../helpers/station';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Item {
  at: string;
  user: string;
  via: string;
  apiKey: string | null;
  kind: string;
  subject: string;
  detail: Record<string, unknown>;
}

const file = await stationForFile({
  printers: networkOnlyPrinters(mkdtempSync(join(tmpdir(), 'ss-desk-'))),
});
const { t, call, upload, signInAgain } = file;
let { token } = file;
await setSender(t, token);

const audit = async (query = '') => {
  const res = await t.request({ method: 'GET', url: `/audit${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ totalItems: number; items: Item[] }>();
};
const latest = async (kind: string) => (await audit(`?Kind=${kind}&ItemsPerPage=1`)).items[0];

describe('the audit trail', () => {
  it('records sign-ins accepted and refused, with the name tried, the door and the key, and never the secret', async () => {
    const wrong = 'not the password at all';
    expect(
      (await call('POST', '/auth?option=credentials', { credentials: { ...ADMIN, password: wrong } })).statusCode,
    ).toBe(400);
    const refused = await latest('sign-in.refused');
    expect(refused).toMatchObject({ user: 'admin', via: 'http', subject: 'admin', apiKey: null });

    const created = (await call('POST', '/api-keys', { name: 'warehouse system' })).json<{ key: string }>();
    const keySignIn = await call('POST', '/auth?option=apikey', { apiKey: { apiKey: created.key } });
    expect(keySignIn.statusCode).toBe(200);
    expect(await latest('sign-in')).toMatchObject({
      user: 'admin',
      via: 'http',
      apiKey: 'warehouse system',
      subject: 'warehouse system',
      detail: { method: 'apikey' },
    });
    // What a key's token does is recorded with the key's name.
    const keyToken = keySignIn.json<{ token: { accessToken: string } }>().token.accessToken;
    await call('PATCH', '/settings', { labelSize: 'A6' }, { token: keyToken });
    expect(await latest('settings.update')).toMatchObject({ user: 'admin', apiKey: 'warehouse system' });

    const bogus = `ssk_${'B'.repeat(43)}`;
    await call('POST', '/auth?option=apikey', { apiKey: { apiKey: bogus } });
    expect((await latest('sign-in.refused'))!.subject).toBe('key ssk_BBBB…');

    // The window's sign-in is recorded as the window's.
    const ipc = await signInOverIpc(t.station, { credentials: OPERATOR });
    expect(ipc.ok).toBe(true);
    expect(await latest('sign-in')).toMatchObject({ user: OPERATOR.username, via: 'window', apiKey: null });

    const everything = JSON.stringify(await t.sql('SELECT * FROM audit_events'));
    for (const secret of [wrong, ADMIN.password, OPERATOR.password, created.key, bogus]) {
      expect(everything).not.toContain(secret);
    }
  });

  it('records changes of users, keys, settings, printers, rules and webhooks, before → after', async () => {
    const user = (
      await call('POST', '/users', { username: 'ann', password: 'a long enough password', role: 'operator' })
    ).json<{
      id: number;
    }>();
    await call('PATCH', `/users/${user.id}`, { role: 'admin', password: 'another long password' });
    expect(await latest('user.update')).toMatchObject({
      subject: 'ann',
      detail: { before: { role: 'operator' }, after: { role: 'admin' }, passwordChanged: true },
    });
    expect(await latest('user.create')).toMatchObject({ subject: 'ann', user: 'admin', via: 'http' });

    const key = (await call('POST', '/api-keys', { name: 'scanner script' })).json<{ apiKey: { id: number } }>();
    await call('DELETE', `/api-keys/${key.apiKey.id}`);
    expect(await latest('api-key.revoke')).toMatchObject({ subject: 'scanner script', detail: { owner: 'admin' } });

    await call('PATCH', '/settings', { labelSize: '4x6' });
    expect(await latest('settings.update')).toMatchObject({
      subject: 'labelSize',
      detail: { before: { labelSize: 'A6' }, after: { labelSize: '4x6' } },
    });

    const printers = (await call('POST', '/printers', { address: '127.0.0.1:9999', name: 'Zebra' })).json<{
      items: { id: string; name: string }[];
    }>();
    expect(await latest('printer.add')).toMatchObject({ subject: '127.0.0.1:9999', detail: { name: 'Zebra' } });
    const zebra = printers.items.find((p) => p.name === 'Zebra')!;
    await t.request({
      method: 'PUT',
      url: '/printers/label-printer',
      token,
      payload: { printerId: zebra.id, format: 'zpl', dpi: 203, pageSize: '4x6' },
    });
    expect(await latest('printer.choose')).toMatchObject({
      subject: zebra.id,
      detail: { before: { printerId: null }, after: { printerId: zebra.id, format: 'zpl' } },
    });
    await call('DELETE', `/printers/${encodeURIComponent(zebra.id)}`);
    expect(await latest('printer.remove')).toMatchObject({ subject: zebra.id });

    const domestic = {
      name: 'Domestic',
      enabled: true,
      when: { countries: ['GB'] },
      then: { carrierId: 1, carrierServiceId: 101 },
    };
    expect((await call('PUT', '/rules', { rules: [domestic] })).statusCode).toBe(200);
    await call('PUT', '/rules', { rules: [{ ...domestic, enabled: false }] });
    expect(await latest('rules.replace')).toMatchObject({
      subject: 'Domestic',
      user: 'admin',
      detail: {
        before: { '1. Domestic': { enabled: true, then: { carrierServiceId: 101 } } },
        after: { '1. Domestic': { enabled: false } },
      },
    });

    const hook = await call('POST', '/webhooks', { url: 'http://127.0.0.1:9/hook' });
    expect(hook.statusCode, hook.body).toBe(200);
    const { webhook, secret } = hook.json<{ webhook: { id: number }; secret: string }>();
    await call('DELETE', `/webhooks/${webhook.id}`);
    expect(await latest('webhook.create')).toMatchObject({ subject: 'http://127.0.0.1:9/hook' });
    expect(await latest('webhook.delete')).toMatchObject({ subject: 'http://127.0.0.1:9/hook' });
    expect(JSON.stringify(await t.sql('SELECT * FROM audit_events'))).not.toContain(secret);
  });

  it('records cancels, manifests, imports, and label prints and reprints; a shipment shows its print count', async () => {
    const before = (await audit()).totalItems;
    const s = await createShipment(t, token);
    // A create is its own record: nothing is added to the trail.
    expect((await audit()).totalItems).toBe(before);

    const preview = await call('GET', `/shipments/${s.shipmentId}/label?markPrinted=false`);
    expect(preview.statusCode).toBe(200);
    expect((await call('GET', `/shipments/${s.shipmentId}`)).json()).toMatchObject({
      printCount: 0,
      lastPrintedBy: null,
    });
    await call('GET', `/shipments/${s.shipmentId}/label`);
    await call('GET', `/shipments/${s.shipmentId}/label`);
    const operator = await t.signIn(OPERATOR);
    t.clock.advance(60_000);
    await call('GET', `/shipments/${s.shipmentId}/label?format=zpl`, undefined, { token: operator });
    const detail = (await call('GET', `/shipments/${s.shipmentId}`)).json();
    expect(detail).toMatchObject({
      printCount: 3,
      lastPrintedBy: OPERATOR.username,
      lastPrintedOn: new Date(t.clock.now).toISOString(),
    });
    const printed = await audit(`?Kind=label.print,label.reprint&ItemsPerPage=3`);
    expect(printed.items.map((i) => i.kind)).toEqual(['label.reprint', 'label.reprint', 'label.print']);
    expect(printed.items.every((i) => i.subject === s.shipmentNumber)).toBe(true);

    const manifest = await call('POST', '/manifests', { carrierId: 1 });
    expect(manifest.statusCode, manifest.body).toBe(200);
    expect(await latest('manifest.create')).toMatchObject({ subject: manifest.json().manifestNumber });

    const other = await createShipment(t, token);
    await call('DELETE', `/shipments/${other.shipmentId}`);
    await call('DELETE', `/shipments/${other.shipmentId}`);
    const cancels = await audit('?Kind=shipment.cancel');
    expect(cancels.items.filter((i) => i.subject === other.shipmentNumber)).toHaveLength(1);
    expect(cancels.items[0]).toMatchObject({ detail: { before: 'Not Printed' } });

    const csv =
      'Reference,Name,Address 1,City,Post code,Country,Weight,Length,Width,Height\nIMP-1,Ann Lee,1 Main St,Leeds,LS1 1UR,GB,1.5,30,20,10\n';
    const imported = await upload(csv);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().created, imported.body).toBe(1);
    expect(await latest('import')).toMatchObject({ detail: { rows: 1, created: 1 } });
    await call('GET', `/imports/${imported.json().importId}/labels`);
    const importPrint = await latest('label.print');
    expect(importPrint).toMatchObject({ subject: imported.json().rows[0].shipmentNumber });
  });

  it('GET /audit filters by kind, user and dates, pages with exact totals, and is for administrators only', async () => {
    const all = await audit('?ItemsPerPage=1000');
    expect(all.totalItems).toBe(all.items.length);
    const ats = all.items.map((i) => Date.parse(i.at));
    expect([...ats].sort((a, b) => b - a)).toEqual(ats);

    const olga = await audit('?User=OLGA');
    expect(olga.items.length).toBeGreaterThan(0);
    expect(olga.items.every((i) => i.user === OPERATOR.username)).toBe(true);

    const page2 = await audit('?ItemsPerPage=2&Page=2');
    expect(page2.totalItems).toBe(all.totalItems);
    expect(page2.items).toEqual(all.items.slice(2, 4));

    const newest = all.items[0]!.at;
    const since = await audit(`?From=${encodeURIComponent(newest)}`);
    expect(since.items.every((i) => i.at >= newest)).toBe(true);
    expect((await audit('?To=2000-01-01')).totalItems).toBe(0);
    const day = newest.slice(0, 10);
    expect((await audit(`?From=${day}&To=${day}`)).totalItems).toBeGreaterThan(0);

    const bad = await call('GET', '/audit?From=yesterday&To=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ From: expect.any(String), To: expect.any(String) });

    const operator = await t.signIn(OPERATOR);
    expect((await call('GET', '/audit', undefined, { token: operator })).statusCode).toBe(403);
  });

  it('keeps entries for the setting’s days (default 400), pruning older ones', async () => {
    expect((await call('GET', '/settings')).json().auditDays).toBe(400);
    const refused = await call('PATCH', '/settings', { auditDays: 0 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().auditDays).toBeDefined();
    expect((await call('PATCH', '/settings', { auditDays: 2 })).statusCode).toBe(200);
    const before = (await audit()).totalItems;
    t.clock.advance(3 * 86_400_000);
    token = await signInAgain();
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the settings cache
    expect(await t.station.audit.pruneOld()).toBe(before);
    const left = await audit();
    expect(left.items.map((i) => i.kind)).toEqual(['sign-in']);
  });
});
