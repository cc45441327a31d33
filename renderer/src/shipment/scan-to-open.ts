/**
 * Scan-to-open (docs/contract.md §12): a keyboard-wedge scanner types a label's number and Enter. What
 * the search box on the list and a shipment's page share: which text is a number, which
 * focused element takes typed letters itself, and the look-up that opens the one shipment.
 */
import { useEffect } from 'react';
import { api } from '../api';
import { lastListHref, navigate, rememberOpenedShipment } from '../router/navigation';
import { shipmentsRoute } from '../router/routes';

// The shapes of docs/contract.md §5's numbers; spaces and case do not matter (main/core/search.ts).
const SHIPMENT_NUMBER = /^SS\d{8}$/;
const TRACKING_NUMBER = /^[A-Z]{2}\d{9}[A-Z]{2}$/;

export const isNumberLike = (text: string): boolean => {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  return SHIPMENT_NUMBER.test(compact) || TRACKING_NUMBER.test(compact);
};

// Inputs that take no typed text: a scan that starts on one of them belongs to the page.
const KEYLESS_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'color', 'range']);

/** Where a typed key belongs to the focused control (a select's type-ahead included). */
export function takesTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true;
  return target instanceof HTMLInputElement && !KEYLESS_INPUTS.has(target.type);
}

/**
 * Opens the shipment a number finds when it finds exactly one; resolves false otherwise (not a
 * number, none, several, or the look-up failed: the caller shows the search instead).
 */
export async function openScanned(text: string): Promise<boolean> {
  if (!isNumberLike(text)) return false;
  try {
    const found = await api.listShipments({ query: { Search: text, ItemsPerPage: 2 } });
    const only = found.items[0];
    if (found.totalItems !== 1 || !only) return false;
    rememberOpenedShipment(only.shipmentId);
    navigate({ page: 'shipment', id: only.shipmentId });
    return true;
  } catch {
    return false;
  }
}

/** A number scanned away from the list: its shipment, or the list searching for it. */
export async function openScannedOrSearch(text: string): Promise<void> {
  if (!(await openScanned(text))) navigate(shipmentsRoute({ search: text }));
}

/** Set when a page sends the desk to the list to search: the box takes the keyboard there. */
let searchOnArrival = false;
export function takeSearchOnArrival(): boolean {
  const wanted = searchOnArrival;
  searchOnArrival = false;
  return wanted;
}

/**
 * On a screen without the search box (a shipment's page), `/` and Ctrl/Cmd+F go to the list
 * with the keyboard in its search box, as on the list. A scanned number and its Enter open
 * that number's shipment on every screen: order/scan-to-ship.ts listens for scans.
 */
export function useScanToOpen(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const find = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f';
      if (find || (event.key === '/' && !event.ctrlKey && !event.metaKey && !takesTyping(event.target))) {
        event.preventDefault();
        searchOnArrival = true;
        window.location.hash = lastListHref();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
