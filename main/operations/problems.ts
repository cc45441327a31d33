/** Problem-details bodies (docs/contract.md §2) and the short pages that explain each type. */
import type { ProblemError } from '../core/errors';
import { PROBLEM_KINDS, type ProblemKind } from '../core/errors';
import { IMPORT_MAX_BYTES } from '../core/schemas';
import { inMiB, JSON_BODY_LIMIT } from './spec/operation';

/** Members of the problem itself; a field with one of these names is reported as `body.<name>`. */
const RESERVED = new Set(['type', 'title', 'status', 'detail', 'instance', 'traceId']);

export function problemBody(error: ProblemError, instance: string, traceId?: string): Record<string, unknown> {
  const members = Object.fromEntries(
    Object.entries(error.members).map(([path, message]) => [RESERVED.has(path) ? `body.${path}` : path, message]),
  );
  return {
    ...members,
    type: `/problems/${error.kind}`,
    title: error.title,
    status: error.status,
    detail: error.message,
    instance,
    ...(traceId ? { traceId } : {}),
  };
}

const EXPLANATIONS: Record<ProblemKind, string> = {
  validation:
    'The request was read but is not valid. Every field that is wrong is named in its own member, by its path in the request (for example "shipmentPieces[1].weight"), with a sentence saying what is expected. Fix those fields and send the request again.',
  unauthorized:
    'No valid access token came with the request. Sign in with POST /auth and send the access token as "Authorization: Bearer <token>". Tokens expire after an hour; use the refresh token to get a new pair.',
  forbidden:
    'The request was understood but may not be done: the user lacks the role, or the request came from a web page that is not the station’s own.',
  'not-found': 'Nothing exists at this address, or no shipment matches the reference given.',
  conflict:
    'The request clashes with the current state: a status change that the shipment’s life does not allow, or an Idempotency-Key already used with another body.',
  'payload-too-large': `The request body is larger than its operation accepts: ${inMiB(JSON_BODY_LIMIT)} of JSON, or ${inMiB(IMPORT_MAX_BYTES)} for a file to import.`,
  'unsupported-media-type': 'Requests with a body must send it as JSON, with "Content-Type: application/json".',
  misdirected:
    'The Host header does not name this station’s loopback address. Call it as http://127.0.0.1:<port> or http://localhost:<port>.',
  'rate-limited':
    'Too many requests of this kind in a short time. Wait for the number of seconds in the Retry-After header.',
  internal:
    'Something failed inside the station. Nothing was half-written. The traceId member names the entry in the station’s log.',
  unavailable: 'The station’s database could not be used just now. Try again shortly.',
  'bad-request':
    'The request could not be read as HTTP: a broken percent-encoding in the address, a malformed header or chunked body, or a connection that ended before the request did. Nothing was done.',
  'uri-too-long': 'A path parameter of the address is longer than any the station accepts (100 characters).',
  'headers-too-large': 'The request line and headers together are larger than 16 KiB.',
  'printer-unavailable':
    'The printer named in the "printer" member did not take the job, for the reason in "reason" (off, unknown, refusing, or no label printer chosen). The shipment is unchanged; check the printer in Settings → Printers and print again.',
  'scale-unavailable':
    'The desk’s scale gave no reading. The "reason" member says why: "unset" (no scale is chosen in Settings → Scale), "silent" (the port is open but the scale did not answer within a second: is it on, and set to the protocol and serial settings chosen?) or "unplugged" (the port is gone or cannot be opened); "scale" names the port. Nothing was weighed; type the weight or fix the scale and ask again.',
};

export function problemPage(kind: string): string | undefined {
  if (!Object.hasOwn(EXPLANATIONS, kind)) return undefined;
  const k = kind as ProblemKind;
  const { status, title } = PROBLEM_KINDS[k];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; line-height: 1.5">
<h1>${status} — ${title}</h1><p>${EXPLANATIONS[k]}</p><p><code>type: /problems/${k}</code></p></body></html>`;
}
