/** Setting a scene for a screen test straight through the station's HTTP API. */
import type { RunningStation } from './station';
import { networkPrinterId, zplLabelPrinter } from '../helpers/desk-printers';
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

/** Sends one call with `token` and returns the parsed answer; throws on anything but 200. */
export async function callWithToken<T>(
  station: RunningStation,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${station.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Sends one call as admin (signed in anew) and returns the parsed answer; throws on anything but 200. */
export async function callAsAdmin<T>(
  station: RunningStation,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  return callWithToken<T>(station, await apiToken(station), method, path, body);
}

/** A sender in Leeds, for the screens that show the sender block. */
export const CANAL_WHARF = {
  businessName: 'Acme Components Ltd',
  addressLine1: 'Unit 4, Canal Wharf',
  city: 'Leeds',
  countryTwoCharacterISOCode: 'GB',
  postZipCode: 'LS11 5PS',
};

/** Sets the station's sender address (Acme Widgets, London, unless said), as a desk would in Settings. */
export async function setSenderAddress(station: RunningStation, senderAddress: object = SENDER_ADDRESS): Promise<void> {
  await callAsAdmin(station, 'PATCH', '/settings', { senderAddress });
}

/** An address at 1 High Street, in GB unless `more` says otherwise. */
export const address = (fullName: string, city: string, postZipCode: string, more: Record<string, string> = {}) => ({
  fullName,
  addressLine1: '1 High Street',
  city,
  postZipCode,
  countryTwoCharacterISOCode: 'GB',
  ...more,
});

/** The desk's own address in Leeds: the shipments made here ship from it. */
export const DISPATCH = address('Dispatch', 'Leeds', 'LS1 1BA');

/** A one-piece GB shipment, Not Printed. */
export function createByApi(
  station: RunningStation,
  postCode = 'SW1A 2AA',
  name = 'Ann Other',
): Promise<{ shipmentId: string; shipmentNumber: string }> {
  return callAsAdmin(station, 'POST', '/shipments', {
    carrierId: 1,
    carrierServiceId: 101,
    collectionAddress: DISPATCH,
    deliveryAddress: address(name, 'London', postCode),
    shipmentPieces: [{ weight: 1.5, length: 30, width: 20, height: 10 }],
  });
}

/** Adds a TCP listener as the network printer `name` and makes it this desk's ZPL label printer at 203 dpi. */
export async function chooseZplPrinter(station: RunningStation, port: number, name: string): Promise<void> {
  await callAsAdmin(station, 'POST', '/printers', { address: `127.0.0.1:${port}`, name });
  await callAsAdmin(station, 'PUT', '/printers/label-printer', zplLabelPrinter(networkPrinterId(port)));
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

/** A shipment as a scanner finds it: by its number, or its last piece's tracking number. */
export interface Scannable {
  shipmentId: string;
  shipmentNumber: string;
  trackingNumber: string;
}

/** A one-piece shipment from DISPATCH to `deliveryAddress` on Next Day, sent with `token`; `more` adds or changes fields. */
export async function createScannable(
  station: RunningStation,
  token: string,
  deliveryAddress: object,
  more: Record<string, unknown> = {},
): Promise<Scannable> {
  const created = await callWithToken<{
    shipmentId: string;
    shipmentNumber: string;
    shipmentPieces: { trackingNumber: string }[];
  }>(station, token, 'POST', '/shipments', {
    carrierId: 1,
    carrierServiceId: 101,
    collectionAddress: DISPATCH,
    deliveryAddress,
    shipmentPieces: [{ weight: 1.5, length: 30, width: 20, height: 10 }],
    ...more,
  });
  const { shipmentId, shipmentNumber, shipmentPieces } = created;
  return { shipmentId, shipmentNumber, trackingNumber: shipmentPieces.at(-1)!.trackingNumber };
}

/**
 * A shipment to Berlin on International Express, Not Printed: a CN22 at a `cost` up to GBP 270,
 * a CN23 above; `goods` name its forms. `pieces` pieces of `weight` kg.
 */
export function createAbroadByApi(
  station: RunningStation,
  cost: number,
  { goods = 'Camera lens', pieces = 1, weight = 1 } = {},
): Promise<{ shipmentId: string; shipmentNumber: string }> {
  return callAsAdmin(station, 'POST', '/shipments', {
    carrierId: 1,
    carrierServiceId: 104,
    collectionAddress: DISPATCH,
    deliveryAddress: address('Jürgen Ölmüller', 'Berlin', '10115', {
      addressLine1: '1 Hauptstraße',
      countryTwoCharacterISOCode: 'DE',
    }),
    hsCode: '900211',
    descriptionOfGoods: goods,
    cost,
    shipmentPieces: Array.from({ length: pieces }, () => ({ weight, length: 30, width: 20, height: 10 })),
  });
}
