/**
 * The business rules of a body, for operations that have them, so that a body the schema
 * refused still has its other fields checked: one 400 names every wrong field (docs/contract.md §11).
 * And the defaults a body takes from the station before any of it is checked.
 */
import { withSenderAddress } from '../core/settings';
import type { Station } from '../core/station';
import { orderProblems } from '../core/validate-order';
import type { OperationName } from './spec';
import type { BodyRules } from './validate';

export const bodyRules: { [N in OperationName]?: (station: Station) => BodyRules } = {
  createShipment: (station) => (body) => station.shipments.ruleErrors(body),
  updateSettings: (station) => (body) => station.settings.ruleErrors(body),
  createUser: (station) => (body) => station.auth.userRuleErrors(body),
  updateUser: (station) => (body) => station.auth.userRuleErrors(body),
  createWebhook: (station) => (body) => station.webhooks.ruleErrors(body),
  // One order's rules; a batch's orders are each checked on their own (core/orders.ts).
  createOrders: () => (body) => ((body as { orders?: unknown }).orders === undefined ? orderProblems(body) : {}),
};

/**
 * A create without a collection address is sent from the sender address of Settings; the
 * settings are cached, so a create that gives its own address reads nothing more.
 */
export const bodyDefaults: { [N in OperationName]?: (station: Station, body: unknown) => Promise<unknown> } = {
  createShipment: async (station, body) =>
    isObject(body) && body.collectionAddress === undefined
      ? withSenderAddress(body, (await station.settings.get()).senderAddress)
      : body,
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
