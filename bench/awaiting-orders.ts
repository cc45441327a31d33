/**
 * Awaiting orders for the order benches, added through the batch create as a warehouse
 * system would: names and post codes spread so a word is shared by thousands of orders and a
 * full name by hundreds.
 */
import type { CreateOrdersRequest } from '../main/core/schemas';
import type { Station } from '../main/core/station';

type Order = NonNullable<CreateOrdersRequest['orders']>[number];

const FIRST = ['Ada', 'Lucas', 'Maria', 'Sam', 'Ola', 'Jan', 'Amara', 'Chen', 'Fatima', 'Tom', 'Zofia', 'Ivan'];
const LAST = ['Lovelace', 'de Vries', 'García', 'Nowak', 'Smith', 'Okafor', 'Wójcik', 'Jones', 'Khan', 'Brown'];

/** The `i`th customer's delivery address. */
export const benchCustomer = (i: number) => ({
  fullName: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
  addressLine1: `${1 + (i % 200)} High Street`,
  city: 'Leeds',
  countryTwoCharacterISOCode: 'GB',
  postZipCode: `LS${1 + (i % 28)} ${1 + (i % 9)}UR`,
  emailAddress: `customer${i % 3000}@example.com`,
});

const caller = { userId: 1, username: 'admin' };

/**
 * `n` awaiting orders numbered WEB-100000 on, a thousand a batch; `order(i)` gives each its
 * items and anything else. Answers their ids in order; `progress` hears each batch's end.
 */
export async function addAwaitingOrders(
  s: Station,
  n: number,
  order: (i: number) => Omit<Order, 'orderNumber' | 'deliveryAddress'>,
  progress?: (added: number) => void,
): Promise<string[]> {
  const ids: string[] = [];
  for (let from = 0; from < n; from += 1000) {
    const orders = Array.from({ length: Math.min(1000, n - from) }, (_, k) => {
      const i = from + k;
      return { orderNumber: `WEB-${String(100000 + i)}`, deliveryAddress: benchCustomer(i * 7919), ...order(i) };
    });
    const answer = await s.orders.create({ orders }, caller, () => ({}));
    if (!('created' in answer) || answer.created.some((c) => c === null)) throw new Error('a batch was refused');
    ids.push(...answer.created.map((c) => c.orderId));
    progress?.(from + orders.length);
  }
  return ids;
}
