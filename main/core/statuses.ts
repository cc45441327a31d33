/** The life of a shipment (docs/contract.md §8), as pure data and one function. */
import { STATUSES, type ShipmentStatus } from './schemas';
import type { EventRecord } from './storage';

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
/**
 * Each status as a small integer, kept beside a shipment's search terms in both databases,
 * so that a search's status filter is then a column test inside the index range, and as a
 * tracking event's status in SQLite. A code is stored, so it never changes and is never
 * reused; a new status takes the next number, with a migration that writes SQLite's webhook
 * trigger again (it names each code's status).
 */
export const STATUS_CODES: Readonly<Record<ShipmentStatus, number>> = {
  'Not Printed': 1,
  Printed: 2,
  Manifested: 3,
  'Awaiting Collection': 4,
  'Enroute to Depot': 5,
  'At the Depot': 6,
  'On Vehicle For Delivery': 7,
  Unknown: 8,
  'On Hold': 9,
  Lost: 10,
  Destroyed: 11,
  'Not Scanned': 12,
  'Delivered to Receiver': 13,
  'Returned to Sender': 14,
  Failed: 15,
  Cancelled: 16,
};

export const INITIAL_STATUS: ShipmentStatus = 'Not Printed';
/** Statuses a shipment may be cancelled from (docs/contract.md §7). */
export const CANCELLABLE_STATUSES: readonly ShipmentStatus[] = [
  'Not Printed',
  'Printed',
  'Manifested',
  'Awaiting Collection',
];

/** What a recorded carrier scan may set: carrier and terminal statuses, never Cancelled. */
export const SCAN_STATUSES: readonly ShipmentStatus[] = [
  ...CARRIER_STATUSES,
  ...TERMINAL_STATUSES.filter((s) => s !== 'Cancelled'),
];

export function isStatus(value: string): value is ShipmentStatus {
  return (STATUSES as readonly string[]).includes(value);
}

const isCarrier = (s: ShipmentStatus) => CARRIER_STATUSES.includes(s);
const isTerminal = (s: ShipmentStatus) => TERMINAL_STATUSES.includes(s);

export function canTransition(from: ShipmentStatus, to: ShipmentStatus): boolean {
  if (isTerminal(from)) return false;
  if (to === 'Cancelled') return CANCELLABLE_STATUSES.includes(from);
  switch (from) {
    case 'Not Printed':
      return to === 'Printed';
    case 'Printed':
      return to === 'Manifested' || isCarrier(to);
    case 'Manifested':
      return isCarrier(to);
    default:
      // Every remaining non-terminal status is a carrier status.
      return isCarrier(to) || isTerminal(to);
  }
}

/** Statuses a carrier scan (POST /shipments/{id}/events) may record. */
export function isScanStatus(status: ShipmentStatus): boolean {
  return SCAN_STATUSES.includes(status);
}

/** An event the station records itself (created, printed, cancelled): no place, no scan data. */
export function stationEvent(status: ShipmentStatus, description: string, user: string, at: number): EventRecord {
  return {
    status,
    description,
    location: '',
    signatory: '',
    signatoryFileName: '',
    latitude: null,
    longitude: null,
    depotId: null,
    trackingNumber: '',
    user,
    occurredOn: at,
  };
}
