/**
 * The one error every call of the client throws, whichever transport carried it: the
 * problem-details body of docs/contract.md §2, with the field members (`deliveryAddress.postZipCode`,
 * `shipmentPieces[1].weight`, `Status`) kept apart from the standard members.
 */

import { asSentence, humanPath, splitFieldErrors } from '../lib/field-errors';

/** Members every problem body has; everything else string-valued names a field. */
const STANDARD_MEMBERS = new Set(['type', 'title', 'status', 'detail', 'instance', 'traceId']);

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  [member: string]: unknown;
}

export class ApiProblem extends Error {
  readonly status: number;
  readonly type: string;
  readonly title: string;
  readonly detail: string;
  readonly instance: string;
  readonly traceId: string | undefined;
  /** Field path → sentence, e.g. `"deliveryAddress.postZipCode": "SW1A 9ZZZ is not a valid GB post code"`. */
  readonly fields: Readonly<Record<string, string>>;
  readonly body: ProblemBody;

  constructor(body: ProblemBody) {
    super(body.detail || body.title);
    this.name = 'ApiProblem';
    this.body = body;
    this.status = body.status;
    this.type = body.type;
    this.title = body.title;
    this.detail = body.detail;
    this.instance = body.instance;
    this.traceId = typeof body.traceId === 'string' ? body.traceId : undefined;
    this.fields = Object.fromEntries(
      Object.entries(body).filter(
        (entry): entry is [string, string] => !STANDARD_MEMBERS.has(entry[0]) && typeof entry[1] === 'string',
      ),
    );
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const FALLBACK_TITLES: Record<number, string> = {
  400: 'The request is not valid',
  401: 'Sign-in needed',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict with the current state',
  429: 'Too many requests',
  500: 'Something went wrong inside the station',
  503: 'Storage is unavailable',
};

/**
 * A failed response as an ApiProblem. The status line wins over the body's `status`; a body
 * that is not problem details (a proxy's HTML page, nothing at all) still gives a usable problem.
 */
export function problemFromResponse(status: number, body: unknown, instance = ''): ApiProblem {
  const given = isRecord(body) ? body : {};
  const text = (key: string) => (typeof given[key] === 'string' ? (given[key] as string) : undefined);
  const title = text('title') ?? FALLBACK_TITLES[status] ?? `The station answered ${status}`;
  return new ApiProblem({
    ...given,
    type: text('type') ?? 'about:blank',
    title,
    status,
    detail: text('detail') ?? title,
    instance: text('instance') ?? instance,
  });
}

/** The station could not be reached at all: no response, a timeout, a broken bridge. */
export function unreachableProblem(cause: unknown, instance = ''): ApiProblem {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new ApiProblem({
    type: '/problems/unreachable',
    title: 'The station cannot be reached',
    status: 0,
    // The cause stays for the console and the log, not for the operator (describeError).
    detail: `The station did not answer (${reason}). Check that it is running, then try again.`,
    instance,
  });
}

/** The answer came back but was not JSON where JSON was promised. */
export function unreadableProblem(status: number, instance = ''): ApiProblem {
  return new ApiProblem({
    type: '/problems/unreadable',
    title: 'The station’s answer could not be read',
    status,
    detail: `The station answered ${status} with something that is not JSON.`,
    instance,
  });
}

export const isApiProblem = (error: unknown): error is ApiProblem => error instanceof ApiProblem;

/** `Delivery address › Post code: SW1A 9ZZZ is not a valid GB post code.` for each field named. */
function fieldSentences(fields: Readonly<Record<string, string>>): string[] {
  return Object.entries(fields).map(
    ([path, message]) => `${humanPath(path.replace(/^body\./, ''))}: ${message.replace(/\.?$/, '.')}`,
  );
}

/**
 * A sentence for an operator, from any error a call may throw: what happened and what to do
 * next, in the desk's words. Never a request path, a stack or a technical code; the station's
 * own sentences are used where they already are a person's (a refused status change, a wait).
 */
export function describeError(error: unknown): string {
  if (!(error instanceof ApiProblem)) {
    // Anything else is a failure inside this window: its text is a programmer's.
    return 'Something went wrong on this screen. Reload the window (Ctrl+R) and try again.';
  }
  const detail = asSentence((error.detail || error.title).replace(/\.?$/, '.'));
  switch (error.type) {
    case '/problems/unreachable':
      return 'The station is not answering. Check that it is running, then try again.';
    case '/problems/unreadable':
      return 'The station’s answer could not be read. Try again; if it keeps happening, restart the station.';
    case '/problems/printer-unavailable':
      // The station's sentence names the printer and why it did not take the job.
      return `${detail} Check the printer in Settings → Printers, then print again.`;
    case '/problems/scale-unavailable':
      // The station's sentence names the port and what to check.
      return detail;
  }
  switch (error.status) {
    case 400: {
      const fields = fieldSentences(error.fields);
      return fields.length > 0 ? `Please correct: ${fields.join(' ')}` : `${detail} Correct it and try again.`;
    }
    case 401:
      return 'Your sign-in has ended. Sign in again to carry on.';
    case 403:
      return 'Your user may not do this. Ask an administrator.';
    case 404:
      return `${detail} It may have been mistyped; find it in Shipments and try again.`;
    case 409:
      // The station's sentence names the shipment and why (a refused status change, a name taken).
      return detail;
    case 413:
      return 'That is too much to send at once. Send less, then try again.';
    case 429:
      return detail;
    case 503:
      return 'The station’s database cannot be used just now. Wait a moment and try again; if it goes on, tell your administrator.';
  }
  if (error.status >= 500) {
    const code = error.traceId
      ? ` If it happens again, tell your administrator the code ${error.traceId}.`
      : ' If it happens again, tell your administrator.';
    return `Something went wrong inside the station; nothing was saved. Try again.${code}`;
  }
  return `${detail} Try again.`;
}

/**
 * A failed form submission: the problem's field members beside the fields on screen, and
 * whatever names no field on screen (or a failure that is not a 400) as one notice.
 */
export function formErrors(
  error: unknown,
  onScreen: readonly string[],
): { byField: Record<string, string>; notice: string | null } {
  if (!(error instanceof ApiProblem) || Object.keys(error.fields).length === 0) {
    return { byField: {}, notice: describeError(error) };
  }
  const { byField, unmapped } = splitFieldErrors(error.fields, onScreen);
  // `unmapped` already reads `Delivery address › Post code: …`, never a request path.
  return {
    byField,
    notice: unmapped.length > 0 ? `Please correct: ${unmapped.map((u) => u.replace(/\.?$/, '.')).join(' ')}` : null,
  };
}

/**
 * What a form shows of its last failure: nothing before one; a 400's fields beside them (as
 * formErrors does); any other failure, such as a device's 503 naming its port, once in the notice.
 */
export function errorsToShow(
  error: unknown,
  onScreen: readonly string[],
): { byField: Record<string, string>; notice: string | null } {
  if (error === null) return { byField: {}, notice: null };
  if (error instanceof ApiProblem && error.status === 400) return formErrors(error, onScreen);
  return { byField: {}, notice: describeError(error) };
}
