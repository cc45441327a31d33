/**
 * What belongs to this desk rather than the station: the label printer, whether a new
 * shipment prints at once, when a reprint asks first, whether a scanned order ships when the
 * scale settles, and the carrier and service it used last. Kept in localStorage, so each desk
 * keeps its own.
 */
import { create } from 'zustand';

const KEY = 'shippingStation.desk';

export interface DeskSettings {
  printer: string;
  printOnCreate: boolean;
  /** The carrier and service of the last shipment created here: a desk mostly ships one way. */
  lastCarrierId: string;
  lastServiceId: string;
  /** Ask before printing a label printed this many times already (its printCount); 0: never ask. */
  askReprintAfter: number;
  /** An order opened by a scan ships, and its label prints, as soon as the scale is steady above zero. */
  shipWhenSteady: boolean;
}

/** The most a desk may set: more would never ask anyway. */
export const MAX_ASK_REPRINT_AFTER = 99;

function load(): DeskSettings {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<DeskSettings>;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return {
      printer: text(raw.printer),
      printOnCreate: raw.printOnCreate === true,
      lastCarrierId: text(raw.lastCarrierId),
      lastServiceId: text(raw.lastServiceId),
      askReprintAfter:
        Number.isInteger(raw.askReprintAfter) &&
        raw.askReprintAfter! >= 0 &&
        raw.askReprintAfter! <= MAX_ASK_REPRINT_AFTER
          ? raw.askReprintAfter!
          : 0,
      shipWhenSteady: raw.shipWhenSteady === true,
    };
  } catch {
    return {
      printer: '',
      printOnCreate: false,
      lastCarrierId: '',
      lastServiceId: '',
      askReprintAfter: 0,
      shipWhenSteady: false,
    };
  }
}

export const useDeskSettings = create<DeskSettings>(load);

export function updateDeskSettings(change: Partial<DeskSettings>): void {
  useDeskSettings.setState(change);
  try {
    localStorage.setItem(KEY, JSON.stringify(useDeskSettings.getState()));
  } catch {
    // Without storage the choice lasts until the window closes.
  }
}
