/**
 * Problems the core raises. The doors (HTTP, IPC) turn them into problem-details bodies
 * (docs/contract.md §2); the core never knows which door it is behind.
 */
import type { ScaleUnavailableReason } from './schemas';
import { StorageFailedError, StorageUnavailableError } from './storage';

/** What a 503 for unavailable storage tells the client to wait before it tries again. */
export const STORAGE_RETRY_SECONDS = 2;

export type ProblemKind =
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'rate-limited'
  | 'unsupported-media-type'
  | 'payload-too-large'
  | 'misdirected'
  | 'unavailable'
  | 'internal'
  | 'bad-request'
  | 'uri-too-long'
  | 'headers-too-large'
  | 'printer-unavailable'
  | 'scale-unavailable';

const KINDS: Record<ProblemKind, { status: number; title: string }> = {
  validation: { status: 400, title: 'The request is not valid' },
  unauthorized: { status: 401, title: 'Sign-in needed' },
  forbidden: { status: 403, title: 'Not allowed' },
  'not-found': { status: 404, title: 'Not found' },
  conflict: { status: 409, title: 'Conflict with the current state' },
  'payload-too-large': { status: 413, title: 'The request body is too large' },
  'unsupported-media-type': { status: 415, title: 'The request body must be JSON' },
  misdirected: { status: 421, title: 'This host name is not served here' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  internal: { status: 500, title: 'Something went wrong inside the station' },
  unavailable: { status: 503, title: 'Storage is unavailable' },
  'bad-request': { status: 400, title: 'The request could not be read' },
  'uri-too-long': { status: 414, title: 'The address is too long' },
  'headers-too-large': { status: 431, title: 'The request headers are too large' },
  'printer-unavailable': { status: 503, title: 'The printer did not take the job' },
  'scale-unavailable': { status: 503, title: 'The scale gave no reading' },
};

export const PROBLEM_KINDS = KINDS;

export class ProblemError extends Error {
  readonly kind: ProblemKind;
  readonly status: number;
  readonly title: string;
  /** Extension members: for validation, field path → sentence. */
  readonly members: Record<string, string>;
  /** Seconds, for 429. */
  readonly retryAfter?: number;

  constructor(kind: ProblemKind, detail: string, members: Record<string, string> = {}, retryAfter?: number) {
    super(detail);
    this.name = 'ProblemError';
    this.kind = kind;
    this.status = KINDS[kind].status;
    this.title = KINDS[kind].title;
    this.members = members;
    if (retryAfter !== undefined) this.retryAfter = retryAfter;
  }
}

export function validationError(fields: Record<string, string>, detail?: string): ProblemError {
  const names = Object.keys(fields);
  return new ProblemError(
    'validation',
    // In words a person reads on screen; the members name each field by its path.
    detail ??
      (names.length === 1
        ? fields[names[0]!]!
        : `${names.length} fields need attention: ${names.map((n) => fields[n]).join('; ')}`),
    fields,
  );
}

export const notFound = (what: string) => new ProblemError('not-found', `${what} was not found`);
export const conflict = (detail: string) => new ProblemError('conflict', detail);

/** Collects field problems while checking a request, then throws them all at once. */
export class FieldErrors {
  // Null prototype: a field named `constructor` or `__proto__` is a field like any other.
  readonly fields = Object.create(null) as Record<string, string>;
  add(path: string, message: string): void {
    // The first problem found for a field is the one a person needs to fix first.
    if (!Object.hasOwn(this.fields, path)) this.fields[path] = message;
  }
  get empty(): boolean {
    return Object.keys(this.fields).length === 0;
  }
  throwIfAny(): void {
    if (!this.empty) throw validationError({ ...this.fields });
  }
}

/** A storage failure a retry may cure (busy, unreachable, restarting) is a 503, not a 500. */
export function storageProblem(error: unknown): ProblemError | null {
  if (error instanceof StorageFailedError) {
    return new ProblemError(
      'unavailable',
      'The station could not write to its disk safely and takes no more changes: restart it, and check the disk. Nothing was acknowledged that is not on disk.',
    );
  }
  if (error instanceof StorageUnavailableError && error.reason !== undefined) {
    return new ProblemError(
      'unavailable',
      `The station cannot save to its database: ${error.reason}. Nothing of this request was saved; it is taken again as soon as that is put right, without a restart.`,
      { reason: error.reason },
      STORAGE_RETRY_SECONDS,
    );
  }
  if (error instanceof StorageUnavailableError) {
    return new ProblemError(
      'unavailable',
      'The station’s database is busy or unavailable; try again shortly.',
      {},
      STORAGE_RETRY_SECONDS,
    );
  }
  return null;
}

/** A printer that is off, unknown or refusing (docs/contract.md §15): which one, and why. */
export const printerUnavailable = (printer: string, reason: string) =>
  new ProblemError('printer-unavailable', `${printer}: ${reason}`, { printer, reason });

/**
 * No reading from the desk's scale (docs/contract.md §21): `reason` says which of unset, silent or
 * unplugged, `scale` names the port (empty when none is set).
 */
export const scaleUnavailable = (reason: ScaleUnavailableReason, detail: string, port: string | null) =>
  new ProblemError('scale-unavailable', detail, { reason, scale: port ?? '' });
