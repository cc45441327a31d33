/**
 * "Print on create": the New shipment screen starts printing the new shipment's label and
 * leaves the job here; the detail screen it opens waits for it before loading, so it shows
 * the shipment as Printed with the outcome. A return's saved label leaves its outcome here
 * too. In memory only: a reload never prints again.
 */
import { describeError } from '../api';
import { printShipmentLabel, type PrintedCheck } from './printing';

export interface PrintJobOutcome {
  ok: boolean;
  message: string;
  /** A browser print: the operator says whether it printed. */
  check?: PrintedCheck | undefined;
}

const jobs = new Map<string, Promise<PrintJobOutcome>>();

export function startPrintOnCreate(shipmentId: string): void {
  jobs.set(
    shipmentId,
    printShipmentLabel(shipmentId).then(
      (outcome) => ({ ok: true, message: outcome.message, check: outcome.check }),
      (error: unknown) => ({ ok: false, message: `The label was not printed: ${describeError(error)}` }),
    ),
  );
}

/** What the screen that opens a shipment next says first: a return's label saved, or why not. */
export function leaveOutcome(shipmentId: string, outcome: PrintJobOutcome): void {
  jobs.set(shipmentId, Promise.resolve(outcome));
}

/** The outcome of the print started on create, once; undefined when none was started. */
export async function printOnCreateOutcome(shipmentId: string): Promise<PrintJobOutcome | undefined> {
  const job = jobs.get(shipmentId);
  if (!job) return undefined;
  const outcome = await job;
  jobs.delete(shipmentId);
  return outcome;
}
