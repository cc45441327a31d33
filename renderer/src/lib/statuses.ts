/** What each shipment status means to a desk: its colour, and what may follow it (docs/contract.md §8). */
import { STATUSES, type ShipmentStatus } from '../../../main/core/schemas';
import {
  CANCELLABLE_STATUSES as CANCELLABLE,
  SCAN_STATUSES as SCANNABLE,
  TERMINAL_STATUSES as TERMINAL,
  canTransition,
  isStatus,
} from '../../../main/core/statuses';

export { STATUSES };
export type { ShipmentStatus };

/** The status life itself is the core's (pure, imports only the schemas): one source for both. */
export { CANCELLABLE_STATUSES, CARRIER_STATUSES, SCAN_STATUSES, TERMINAL_STATUSES } from '../../../main/core/statuses';

export type StatusTone = 'amber' | 'blue' | 'indigo' | 'slate' | 'green' | 'red' | 'grey';

const TONES: Record<ShipmentStatus, StatusTone> = {
  'Not Printed': 'amber',
  Printed: 'blue',
  Manifested: 'indigo',
  'Awaiting Collection': 'indigo',
  'Enroute to Depot': 'indigo',
  'At the Depot': 'indigo',
  'On Vehicle For Delivery': 'indigo',
  Unknown: 'slate',
  'On Hold': 'slate',
  'Not Scanned': 'slate',
  'Returned to Sender': 'slate',
  'Delivered to Receiver': 'green',
  Failed: 'red',
  Lost: 'red',
  Destroyed: 'red',
  Cancelled: 'grey',
};

export const statusTone = (status: string): StatusTone => TONES[status as ShipmentStatus] ?? 'slate';

export const isCancellable = (status: string): boolean => (CANCELLABLE as readonly string[]).includes(status);

/** Why the Cancel button is disabled, or null when cancelling is allowed. */
export function cancelBlockedReason(status: string): string | null {
  if (status === 'Cancelled') return 'This shipment is already cancelled.';
  if (isCancellable(status)) return null;
  return `A shipment that is ${status} can no longer be cancelled; only Not Printed, Printed, Manifested and Awaiting Collection shipments can.`;
}

export const isTerminal = (status: string): boolean => (TERMINAL as readonly string[]).includes(status);

/** What a scan may set a shipment to from where it is now: the core's status life, in scan order. */
export function scanStatusesFrom(status: string): ShipmentStatus[] {
  if (!isStatus(status)) return [];
  return SCANNABLE.filter((next) => canTransition(status, next));
}

/** Why Record a scan is disabled, or null when some scan is allowed. */
export function scanBlockedReason(status: string): string | null {
  if (scanStatusesFrom(status).length > 0) return null;
  if (status === 'Not Printed') return 'Print the label first: a shipment takes carrier scans once it is Printed.';
  return `A shipment that is ${status} takes no more scans.`;
}
