/**
 * The New shipment form's draft: kept in this window's session storage per desk user while
 * it holds unsaved input, so that a reload of the window gives it back; cleared on create,
 * on Discard, and on leaving the form on purpose. The Idempotency-Key goes with it: a retry
 * after the reload is still the same create.
 */
import { newPiece, type ShipmentForm } from './form-model';

export interface FormDraft {
  form: ShipmentForm;
  idempotencyKey: string;
}

const storageKey = (username: string): string => `shippingStation.draft.${username}`;

export function readDraft(username: string): FormDraft | null {
  try {
    const text = sessionStorage.getItem(storageKey(username));
    if (!text) return null;
    const draft = JSON.parse(text) as FormDraft;
    // Piece keys are per window: new ones, so that rows added later never share one.
    return {
      ...draft,
      form: { ...draft.form, shipmentPieces: draft.form.shipmentPieces.map((piece) => newPiece(piece)) },
    };
  } catch {
    return null;
  }
}

export function keepDraft(username: string, draft: FormDraft): void {
  try {
    sessionStorage.setItem(storageKey(username), JSON.stringify(draft));
  } catch {
    // Storage full or off (privacy modes): the form still works, only a reload loses it.
  }
}

export function dropDraft(username: string): void {
  try {
    sessionStorage.removeItem(storageKey(username));
  } catch {
    // As above.
  }
}

/** The same input, piece row keys aside. */
export const sameInput = (a: ShipmentForm, b: ShipmentForm): boolean =>
  JSON.stringify(a, (key, value: unknown) => (key === 'key' ? undefined : value)) ===
  JSON.stringify(b, (key, value: unknown) => (key === 'key' ? undefined : value));
