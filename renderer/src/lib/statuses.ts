/** What each shipment status means to a desk: its colour, and what may follow it (CONTRACT §8). */
import { STATUSES, type ShipmentStatus } from '../../../main/core/schemas';
import { CANCELLABLE_STATUSES as CANCELLABLE, TERMINAL_STATUSES as TERMINAL } from '../../../main/core/statuses';

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
