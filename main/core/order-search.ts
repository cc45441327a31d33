/**
 * Finding orders (docs/contract.md §18): a shipment's terms (search.ts: delivery name, references,
 * post code, email) plus the order number and each SKU, and a query's terms to look for.
 * The store counts each order once, so the correction terms a shipment needs are left out.
 */
import { CORRECTION, fold, listSearch, shipmentSearchTerms, type SearchableShipment } from './search';
import type { OrderFilter } from './storage';

const ORDER_NUMBER = 'o:';
const SKU = 'k:';

export function orderSearchTerms(order: SearchableShipment & { orderNumber: string }, skus: string[]): string[] {
  const terms = new Set(shipmentSearchTerms(order).filter((t) => !t.startsWith(CORRECTION)));
  terms.add(ORDER_NUMBER + fold(order.orderNumber.trim()));
  for (const sku of skus) if (sku.trim() !== '') terms.add(SKU + fold(sku.trim()));
  return [...terms];
}

/** What a query of at least MIN_SEARCH_LENGTH characters looks for (the caller checks). */
export function orderSearch(query: string): NonNullable<OrderFilter['search']> {
  const s = listSearch(query);
  const folded = fold(query.trim());
  return {
    exact: s.exactTerms,
    prefixes: [...s.prefixTerms, ORDER_NUMBER + folded, SKU + folded],
    allPrefixes: s.allPrefixes,
  };
}
