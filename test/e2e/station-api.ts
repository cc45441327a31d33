/** Setting a scene for a screen test straight through the station's HTTP API. */
import type { RunningStation } from './station';
import { SENDER_ADDRESS } from '../helpers/station';

export async function apiToken(
  station: RunningStation,
  username = 'admin',
  password = station.adminPassword,
): Promise<string> {
  const response = await fetch(`${station.url}/auth?option=credentials`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ credentials: { username, password } }),
  });
  if (response.status !== 200) throw new Error(`sign-in as ${username}: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { token: { accessToken: string } };
  return body.token.accessToken;
}

/** Sends one call as admin and returns the parsed answer; throws on anything but 200. */
export async function callAsAdmin<T>(
  station: RunningStation,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${station.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${await apiToken(station)}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Sets the station's sender address (Acme Widgets, London), as a desk would in Settings. */
export async function setSenderAddress(station: RunningStation): Promise<void> {
  await callAsAdmin(station, 'PATCH', '/settings', { senderAddress: SENDER_ADDRESS });
}

/** A one-piece GB shipment, Not Printed. */
export function createByApi(
  station: RunningStation,
  postCode = 'SW1A 2AA',
  name = 'Ann Other',
): Promise<{ shipmentId: string; shipmentNumber: string }> {
  const address = (fullName: string, city: string, post: string) => ({
    fullName,
    addressLine1: '1 High Street',
    city,
    postZipCode: post,
    countryTwoCharacterISOCode: 'GB',
  });
  return callAsAdmin(station, 'POST', '/shipments', {
    carrierId: 1,
    carrierServiceId: 101,
    collectionAddress: address('Dispatch', 'Leeds', 'LS1 1BA'),
    deliveryAddress: address(name, 'London', postCode),
    shipmentPieces: [{ weight: 1.5, length: 30, width: 20, height: 10 }],
  });
}

/** Adds a TCP listener as the network printer `name` and makes it this desk's ZPL label printer at 203 dpi. */
export async function chooseZplPrinter(station: RunningStation, port: number, name: string): Promise<void> {
  await callAsAdmin(station, 'POST', '/printers', { address: `127.0.0.1:${port}`, name });
  await callAsAdmin(station, 'PUT', '/printers/label-printer', {
    printerId: `network:127.0.0.1:${port}`,
    format: 'zpl',
    dpi: 203,
    pageSize: '4x6',
  });
}

/** Adds orders as one batch (POST /orders); their ids by order number. */
export async function addOrders(
  station: RunningStation,
  orders: { orderNumber: string }[],
): Promise<Map<string, string>> {
  const made = await callAsAdmin<{ created: { orderId: string; orderNumber: string }[]; refused: unknown[] }>(
    station,
    'POST',
    '/orders',
    { orders },
  );
  if (made.refused.length) throw new Error(`orders refused: ${JSON.stringify(made.refused)}`);
  return new Map(made.created.map((c) => [c.orderNumber, c.orderId]));
}
