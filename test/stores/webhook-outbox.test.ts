/**
 * The webhook outbox beneath the contract, on both stores: filled in the transaction of
 * the change (and not when it rolls back), only for the statuses a subscription chose;
 * claims leased, so a row has one deliverer at a time, across two desks on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { createStation } from '../../main/core/station';
import { stationEvent } from '../../main/core/statuses';
import { inThreadRenderer } from '../../main/open-station';
import type { EventRecord, NewShipment, PieceRecord, Store } from '../../main/core/storage';
import { newShipmentRecord, onePiece } from '../helpers/records';
import { storeOpener } from '../helpers/stores';

const openDesks = storeOpener('ss-outbox-');

let serial = 0;
const T0 = Date.parse('2026-11-01T10:00:00.000Z');
function shipment(overrides: Partial<NewShipment> = {}): NewShipment {
  serial++;
  return newShipmentRecord(serial, T0, overrides);
}
const pieces = (trackingNumber?: string): PieceRecord[] => [onePiece(serial, trackingNumber)];
const event = (status: EventRecord['status'], occurredOn = T0): EventRecord =>
  stationEvent(status, status, 'olga', occurredOn);
const subscription = (statuses: EventRecord['status'][]) => ({
  url: 'http://127.0.0.1:9/hook',
  secret: 'whsec_x',
  events: ['x'],
  statuses,
  allowRemote: false,
  createdOn: T0,
  createdBy: 'admin',
});
const NOW = Date.now();

describe.each(['sqlite', 'postgres'] as const)('the %s outbox', (dialect) => {
  it('is filled by the change’s own transaction, for the statuses each subscription chose', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const all = await store.webhooks.insert(subscription(['Not Printed', 'Printed', 'Cancelled']));
    const cancels = await store.webhooks.insert(subscription(['Cancelled']));
    const made = shipment();
    const outcome = await store.shipments.create(made, pieces(), event('Not Printed'));
    const id = 'created' in outcome ? outcome.created.id : 0;
    await store.shipments.changeStatus(id, () => event('Printed', T0 + 1000));
    // A refused change writes no event, and so nothing to the outbox.
    await expect(
      store.shipments.changeStatus(id, () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    // A create that fails (a tracking number already taken) leaves nothing either.
    await expect(
      store.shipments.create(shipment(), pieces(`SP${String(serial - 1).padStart(8, '0')}0GB`), event('Not Printed')),
    ).rejects.toThrow();
    await store.shipments.changeStatus(id, () => event('Cancelled', T0 + 2000));

    const toAll = await store.webhooks.deliveries(all, 10);
    expect(toAll.map((o) => o.event?.status).reverse()).toEqual(['Not Printed', 'Printed', 'Cancelled']);
    expect(toAll[0]!.event).toMatchObject({
      shipmentUuid: made.uuid,
      shipmentNumber: made.shipmentNumber,
      user: 'olga',
      occurredOn: T0 + 2000,
    });
    expect((await store.webhooks.deliveries(cancels, 10)).map((o) => o.event?.status)).toEqual(['Cancelled']);
    // Removing a subscription takes its outbox with it.
    expect(await store.webhooks.remove(all)).toBe(true);
    expect(await store.webhooks.deliveries(all, 10)).toEqual([]);
    expect(await store.webhooks.remove(all)).toBe(false);
  });

  it('leases what it hands out, retries when told, and never again once delivered', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const hook = await store.webhooks.insert(subscription([]));
    const a = await store.webhooks.enqueue(hook, 'webhook.test', '{"n":1}', NOW);
    const b = await store.webhooks.enqueue(hook, 'webhook.test', '{"n":2}', NOW);
    const first = await store.webhooks.claimDue(NOW, NOW + 60_000, 10);
    expect(first.map((o) => [o.id, o.type, o.payload])).toEqual([
      [a, 'webhook.test', '{"n":1}'],
      [b, 'webhook.test', '{"n":2}'],
    ]);
    expect(await store.webhooks.claimDue(NOW + 1000, NOW + 61_000, 10)).toEqual([]);
    await store.webhooks.settle(a, { now: NOW + 1000, status: 200, error: '', delivered: true, nextAttemptOn: null });
    await store.webhooks.settle(b, {
      now: NOW + 1000,
      status: 500,
      error: 'the listener answered 500',
      delivered: false,
      nextAttemptOn: NOW + 3000,
    });
    expect(await store.webhooks.claimDue(NOW + 2000, NOW + 62_000, 10)).toEqual([]);
    const again = await store.webhooks.claimDue(NOW + 3000, NOW + 63_000, 10);
    expect(again.map((o) => [o.id, o.attempts, o.lastStatus, o.lastError])).toEqual([
      [b, 1, 500, 'the listener answered 500'],
    ]);
    await store.webhooks.settle(b, {
      now: NOW + 4000,
      status: null,
      error: 'gave up',
      delivered: false,
      nextAttemptOn: null,
    });
    expect(await store.webhooks.claimDue(NOW + 999_999, NOW + 999_999, 10)).toEqual([]);
    const [failed, delivered] = await store.webhooks.deliveries(hook, 10);
    expect(failed).toMatchObject({ id: b, attempts: 2, failedOn: NOW + 4000, deliveredOn: null });
    expect(delivered).toMatchObject({ id: a, attempts: 1, deliveredOn: NOW + 1000, failedOn: null });
    // A lease that ran out (a deliverer that died) hands the row out again.
    const c = await store.webhooks.enqueue(hook, 'webhook.test', '{}', NOW);
    await store.webhooks.claimDue(NOW, NOW + 60_000, 10);
    expect((await store.webhooks.claimDue(NOW + 60_001, NOW + 120_000, 10)).map((o) => o.id)).toEqual([c]);
  });

  it('prunes, in batches, what is neither among the newest shown nor a recent failure nor pending', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const hook = await store.webhooks.insert(subscription([]));
    const few = await store.webhooks.insert(subscription([]));
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) ids.push(await store.webhooks.enqueue(hook, 'webhook.test', '{}', NOW));
    const fewIds = [];
    for (let i = 0; i < 3; i++) fewIds.push(await store.webhooks.enqueue(few, 'webhook.test', '{}', NOW));
    await store.webhooks.claimDue(NOW, NOW + 60_000, 100);
    const DAY = 24 * 3_600_000;
    const fail = (id: number, at: number) =>
      store.webhooks.settle(id, { now: at, status: 500, error: 'x', delivered: false, nextAttemptOn: null });
    await fail(ids[0]!, NOW);
    await fail(ids[1]!, NOW);
    await fail(ids[2]!, NOW + 8 * DAY);
    // ids[3] stays pending.
    for (const id of [...ids.slice(4), ...fewIds])
      await store.webhooks.settle(id, { now: NOW, status: 200, error: '', delivered: true, nextAttemptOn: null });

    // Keep the newest 50 of each; failures before NOW + 2 days may go.
    const batches = [];
    for (;;) {
      const n = await store.webhooks.prune(50, NOW + 2 * DAY, 3);
      batches.push(n);
      if (n === 0) break;
    }
    expect(batches).toEqual([3, 3, 2, 0]);
    const kept = (await store.webhooks.deliveries(hook, 100)).map((o) => o.id).reverse();
    expect(kept).toEqual([ids[2], ids[3], ...ids.slice(10)]);
    expect((await store.webhooks.deliveries(few, 100)).map((o) => o.id).reverse()).toEqual(fewIds);
    // Later, the old failure's keeping runs out too; the pending row still stays.
    expect(await store.webhooks.prune(50, NOW + 9 * DAY, 100)).toBe(1);
    expect((await store.webhooks.deliveries(hook, 100)).map((o) => o.id).reverse()).toEqual([ids[3], ...ids.slice(10)]);
  });
});

describe.each(['sqlite', 'postgres'] as const)('the %s station', (dialect) => {
  it('prunes at its first delivery pass, then again only once 10 minutes have passed on its clock', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    let clock = NOW;
    const station = await createStation(store, {
      labelRenderer: inThreadRenderer,
      secretKey: 'k'.repeat(16),
      now: () => clock,
    });
    await station.webhooks.stop(); // passes only when the test asks
    const hook = await store.webhooks.insert(subscription([]));
    const delivered = async (n: number) => {
      for (let i = 0; i < n; i++) await store.webhooks.enqueue(hook, 'webhook.test', '{}', clock);
      for (const row of await store.webhooks.claimDue(clock, clock + 60_000, 100))
        await store.webhooks.settle(row.id, {
          now: clock,
          status: 200,
          error: '',
          delivered: true,
          nextAttemptOn: null,
        });
    };
    const count = async () => (await store.webhooks.deliveries(hook, 1000)).length;
    await delivered(55);
    await station.webhooks.deliverDue();
    expect(await count()).toBe(50);
    await delivered(5);
    clock += 9 * 60_000;
    await station.webhooks.deliverDue();
    expect(await count()).toBe(55);
    clock += 60_000;
    await station.webhooks.deliverDue();
    expect(await count()).toBe(50);
  });
});

describe('two desks on one PostgreSQL database', () => {
  it('never hand one outbox row to both', async () => {
    const [one, two] = (await openDesks('postgres', 2)) as [Store, Store];
    const hook = await one.webhooks.insert(subscription([]));
    const ids = [];
    for (let i = 0; i < 60; i++) ids.push(await one.webhooks.enqueue(hook, 'webhook.test', '{}', NOW));
    const claimed: number[][] = [[], []];
    await Promise.all(
      [one, two].map(async (desk, d) => {
        for (;;) {
          const rows = await desk.webhooks.claimDue(NOW, NOW + 60_000, 7);
          if (rows.length === 0) return;
          claimed[d]!.push(...rows.map((r) => r.id));
        }
      }),
    );
    expect([...claimed[0]!, ...claimed[1]!].sort((x, y) => x - y)).toEqual(ids);
    expect(claimed[0]!.filter((id) => claimed[1]!.includes(id))).toEqual([]);
  });

  it('prune at once, each row deleted by one of them, the newest kept', async () => {
    const [one, two] = (await openDesks('postgres', 2)) as [Store, Store];
    const hook = await one.webhooks.insert(subscription([]));
    const ids: number[] = [];
    for (let i = 0; i < 200; i++) ids.push(await one.webhooks.enqueue(hook, 'webhook.test', '{}', NOW));
    await one.webhooks.claimDue(NOW, NOW + 60_000, 200);
    for (const id of ids)
      await one.webhooks.settle(id, { now: NOW, status: 200, error: '', delivered: true, nextAttemptOn: null });
    const counts = await Promise.all(
      [one, two].map(async (desk) => {
        let total = 0;
        for (;;) {
          const n = await desk.webhooks.prune(50, NOW, 7);
          total += n;
          if (n === 0) return total;
        }
      }),
    );
    expect(counts[0]! + counts[1]!).toBe(150);
    expect((await two.webhooks.deliveries(hook, 500)).map((o) => o.id).reverse()).toEqual(ids.slice(150));
  });
});
