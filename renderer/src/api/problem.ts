/**
 * The one error every call of the client throws, whichever transport carried it: the
 * problem-details body of CONTRACT §2, with the field members (`deliveryAddress.postZipCode`,
 * `shipmentPieces[1].weight`, `Status`) kept apart from the standard members.
 */

import { splitFieldErrors } from '../lib/field-errors';

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

/** A sentence for a person, from any error a call may throw. */
export function describeError(error: unknown): string {
  if (error instanceof ApiProblem) return error.detail || error.title;
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * A failed form submission: the problem's field members beside the fields on screen, and
 * whatever names no field on screen (or a failure that is not a 400) as one notice.
 */
export function formErrors(error: unknown, onScreen: readonly string[]): { byField: Record<string, string>; notice: string | null } {
  if (!(error instanceof ApiProblem) || Object.keys(error.fields).length === 0) {
    return { byField: {}, notice: describeError(error) };
  }
  const { byField, unmapped } = splitFieldErrors(error.fields, onScreen);
  return { byField, notice: unmapped.length > 0 ? [error.detail || error.title, ...unmapped].join(' ') : null };
}
