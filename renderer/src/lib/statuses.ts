/** What each shipment status means to a desk: its colour, and what may follow it (CONTRACT §8). */
import { STATUSES, type ShipmentStatus } from '../../../main/core/schemas';

export { STATUSES };
export type { ShipmentStatus };

export const CARRIER_STATUSES: readonly ShipmentStatus[] = [
  'Awaiting Collection',
  'Enroute to Depot',
  'At the Depot',
  'On Vehicle For Delivery',
  'Unknown',
  'On Hold',
  'Not Scanned',
  'Failed',
];
export const TERMINAL_STATUSES: readonly ShipmentStatus[] = [
  'Delivered to Receiver',
  'Returned to Sender',
  'Lost',
  'Destroyed',
  'Cancelled',
];
/** CONTRACT §7: only these may be cancelled. */
export const CANCELLABLE_STATUSES: readonly ShipmentStatus[] = ['Not Printed', 'Printed', 'Manifested', 'Awaiting Collection'];
/** What a recorded carrier scan may set: carrier and terminal statuses, never Cancelled. */
export const SCAN_STATUSES: readonly ShipmentStatus[] = [
  ...CARRIER_STATUSES,
  ...TERMINAL_STATUSES.filter((s) => s !== 'Cancelled'),
];

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

export const isCancellable = (status: string): boolean => (CANCELLABLE_STATUSES as readonly string[]).includes(status);

/** Why the Cancel button is disabled, or null when cancelling is allowed. */
export function cancelBlockedReason(status: string): string | null {
  if (status === 'Cancelled') return 'This shipment is already cancelled.';
  if (isCancellable(status)) return null;
  return `A shipment that is ${status} can no longer be cancelled; only Not Printed, Printed, Manifested and Awaiting Collection shipments can.`;
}

export const isTerminal = (status: string): boolean => (TERMINAL_STATUSES as readonly string[]).includes(status);
