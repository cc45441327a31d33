/**
 * The business rules of a body, for operations that have them, so that a body the schema
 * refused still has its other fields checked: one 400 names every wrong field (CONTRACT §11).
 */
import type { Station } from '../core/station';
import { orderProblems } from '../core/validate-order';
import type { OperationName } from './spec';
import type { BodyRules } from './validate';

export const bodyRules: { [N in OperationName]?: (station: Station) => BodyRules } = {
  createShipment: (station) => (body) => station.shipments.ruleErrors(body),
  updateSettings: (station) => (body) => station.settings.ruleErrors(body),
  createUser: (station) => (body) => station.auth.userRuleErrors(body),
  updateUser: (station) => (body) => station.auth.userRuleErrors(body),
  // One order's rules; a batch's orders are each checked on their own (core/orders.ts).
  createOrders: () => (body) => ((body as { orders?: unknown }).orders === undefined ? orderProblems(body) : {}),
};
