/**
 * Scans on any screen (docs/contract.md §12, §18, §21): a keyboard-wedge scanner types a number
 * and Enter. An order's number (the packing slip's Code 128, or the warehouse's own order
 * barcode) opens the order as "Ship order"; a shipment's or parcel's number opens its
 * shipment (scan-to-open.ts). In a field the field takes the typing; the search boxes open
 * both kinds themselves.
 */
import { useEffect } from 'react';
import { api } from '../api';
import { navigate } from '../router/navigation';
import { ordersRoute } from '../router/routes';
import { isNumberLike, openScannedOrSearch, takesTyping } from '../shipment/scan-to-open';

/** Keys further apart than this start a new scan: a stray key long ago is not part of it. */
const SCAN_GAP_MS = 1000;
/** Shorter than this is a person's keys (Space on a row, a shortcut), not a scanned number. */
const SHORTEST_ORDER_NUMBER = 3;
/**
 * A scanner types a character every few milliseconds; a person, every 150 or so. Free text
 * (an order number has no fixed shape) is only taken for a scan at a scanner's pace, so a
 * person's keys and Enter still reach the focused control.
 */
const SCANNER_MS_PER_KEY = 100;

const fold = (text: string) => text.trim().toUpperCase();

/** The order whose number is exactly `text` (case and surrounding spaces aside), or null. */
export async function findOrderByNumber(text: string): Promise<{ orderId: string; orderNumber: string } | null> {
  const wanted = fold(text);
  if (wanted.length < SHORTEST_ORDER_NUMBER || isNumberLike(wanted)) return null;
  try {
    const found = await api.listOrders({ query: { Search: text.trim(), ItemsPerPage: 20 } });
    return found.items.find((o) => fold(o.orderNumber) === wanted) ?? null;
  } catch {
    return null;
  }
}

/** When the scan that opened an order was read, so its status line can say how long the whole took. */
const scanStarts = new Map<string, number>();
let scans = 0;

/** The moment scan `scan` was read (performance.now()), once; null when the page was not opened by one. */
export function scanStartedAt(scan: string | undefined): number | null {
  if (!scan) return null;
  return scanStarts.get(scan) ?? null;
}

/** Where Escape on a scanned order goes back to: the screen the first of a run of scans was made on. */
let leaveTo = '#/orders';
export function leaveScannedOrder(): void {
  window.location.hash = leaveTo;
}

/** Opens the order `text` names as "Ship order"; false when no order has that number. */
export async function openScannedOrder(text: string, startedAt = performance.now()): Promise<boolean> {
  const order = await findOrderByNumber(text);
  if (!order) return false;
  if (!window.location.hash.startsWith('#/orders/')) leaveTo = window.location.hash || '#/shipments';
  scans += 1;
  const scan = `${Date.now().toString(36)}${scans}`;
  scanStarts.set(scan, startedAt);
  navigate({ page: 'order', id: order.orderId, scan });
  return true;
}

/** A scan that is no order's number: the Orders screen searching for it says so. */
async function openScannedOrderOrSearch(text: string, startedAt: number): Promise<void> {
  if (!(await openScannedOrder(text, startedAt))) navigate(ordersRoute({ search: text }));
}

/**
 * Listens on every signed-in screen for a scanned number and its Enter, wherever the focus is
 * but in a field. The Enter is taken before the focused control sees it: a button where the
 * keyboard rests ("Ship", "Print label") must not act on a scan.
 */
export function useScanToShip(): void {
  useEffect(() => {
    let typed = '';
    let first = 0;
    let firstStamp = 0;
    let last = 0;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || takesTyping(event.target)) {
        typed = '';
        return;
      }
      if (event.timeStamp - last > SCAN_GAP_MS) typed = '';
      last = event.timeStamp;
      if (event.key === 'Enter') {
        const text = typed.trim();
        typed = '';
        if (text.length < SHORTEST_ORDER_NUMBER) return;
        const scannerPace = (event.timeStamp - firstStamp) / text.length <= SCANNER_MS_PER_KEY;
        if (!isNumberLike(text) && !scannerPace) return;
        event.preventDefault();
        event.stopPropagation();
        if (isNumberLike(text)) void openScannedOrSearch(text);
        else void openScannedOrderOrSearch(text, first);
      } else if (event.key.length === 1) {
        if (typed === '') {
          first = performance.now();
          firstStamp = event.timeStamp;
        }
        typed = (typed + event.key).slice(-60);
      } else if (event.key !== 'Shift') {
        typed = '';
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
