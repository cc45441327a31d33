/**
 * Kill -9 during a create load loses nothing acknowledged. A real
 * `serve` process on SQLite takes creates from eight clients at once, is killed with
 * SIGKILL mid-load, and started again on the same folder: every shipment it answered 200
 * for is there, whole. (A power cut is more than a kill; the fsync before each answer is
 * what covers it, and data-on-disk.test.ts shows a failed one is never acknowledged.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveStation, type ServedStation } from '../helpers/serve';
import { shipmentRequest } from '../helpers/station';

const dataDir = mkdtempSync(join(tmpdir(), 'ss-crash-'));
const running: ServedStation[] = [];
afterAll(async () => {
  await Promise.all(running.map((station) => station.kill()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function serve(): Promise<ServedStation> {
  const station = await serveStation({ dataDir });
  running.push(station);
  return station;
}

async function signIn(base: string, password: string): Promise<string> {
  const res = await fetch(`${base}/auth?option=credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ credentials: { username: 'admin', password } }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: { accessToken: string } }).token.accessToken;
}

describe('kill -9 during a create load', () => {
  it('loses no acknowledged shipment', async () => {
    const first = await serve();
    const password = first.adminPassword!;
    const token = await signIn(first.base, password);

    const acknowledged: { shipmentId: string; shipmentNumber: string; pieces: number }[] = [];
    let stop = false;
    const client = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const pieces = 1 + ((n + i) % 3);
        try {
          const res = await fetch(`${first.base}/shipments`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify(
              shipmentRequest({
                referenceOne: `crash-${n}-${i}`,
                shipmentPieces: Array.from({ length: pieces }, () => ({
                  weight: 1,
                  length: 10,
                  width: 10,
                  height: 10,
                })),
              }),
            ),
          });
          if (res.status === 200) {
            const body = (await res.json()) as { shipmentId: string; shipmentNumber: string };
            acknowledged.push({ ...body, pieces });
          }
        } catch {
          return; // the connection died with the process: that create was never acknowledged
        }
      }
    };
    const clients = Array.from({ length: 8 }, (_, n) => client(n));
    await expect.poll(() => acknowledged.length, { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(40);
    const killed = first.kill();
    stop = true;
    await Promise.all(clients);
    await killed;

    const second = await serve();
    const again = await signIn(second.base, password);
    for (const ack of acknowledged) {
      const res = await fetch(`${second.base}/shipments/${ack.shipmentId}`, {
        headers: { authorization: `Bearer ${again}` },
      });
      expect(res.status, ack.shipmentNumber).toBe(200);
      const detail = (await res.json()) as { shipmentNumber: string; shipmentPieces: unknown[] };
      expect(detail.shipmentNumber).toBe(ack.shipmentNumber);
      expect(detail.shipmentPieces).toHaveLength(ack.pieces);
    }
    // The station goes on numbering after everything it handed out.
    const next = await fetch(`${second.base}/shipments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${again}` },
      body: JSON.stringify(shipmentRequest()),
    });
    expect(next.status).toBe(200);
    const highest = Math.max(...acknowledged.map((a) => Number(a.shipmentNumber.slice(2))));
    expect(Number(((await next.json()) as { shipmentNumber: string }).shipmentNumber.slice(2))).toBeGreaterThan(
      highest,
    );
    await second.stop();
  }, 120_000);
});
