/**
 * Checks an operation's input against its schemas, for HTTP and IPC alike, and turns every
 * failure into one 400 whose members name each field by its path (CONTRACT §2):
 * `shipmentPieces[1].weight`, `deliveryAddress.postZipCode`, `Status`.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { TSchema } from 'typebox';
import { validationError } from '../core/errors';
import type { OperationSpec } from './spec';

// Bodies are JSON and must carry the right types; query and path text is coerced
// ("2" → 2), which is what a query string can only be.
const strict = new Ajv({ allErrors: true, strict: false, useDefaults: false, coerceTypes: false });
const coercing = new Ajv({ allErrors: true, strict: false, useDefaults: false, coerceTypes: 'array' });
addFormats.default(strict);
addFormats.default(coercing);

const compiled = new WeakMap<TSchema, ValidateFunction>();
function validatorFor(schema: TSchema, coerce: boolean): ValidateFunction {
  let fn = compiled.get(schema);
  if (!fn) {
    fn = (coerce ? coercing : strict).compile(schema);
    compiled.set(schema, fn);
  }
  return fn;
}

/** `/shipmentPieces/1/weight` → `shipmentPieces[1].weight`. */
function fieldPath(prefix: string, instancePath: string, child?: string): string {
  const parts = instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  let path = prefix;
  for (const part of parts) {
    if (/^\d+$/.test(part)) path += `[${part}]`;
    else path += path === '' ? part : `.${part}`;
  }
  return path || 'body';
}

function sentence(error: ErrorObject, what: string): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return `is not a ${what} of this request`;
    case 'type':
      return `must be ${String(p.type) === 'integer' ? 'an integer' : `a ${String(p.type)}`}`;
    case 'maxLength':
      return `must be at most ${String(p.limit)} characters`;
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${String(p.limit)} characters`;
    case 'minimum':
      return `must be at least ${String(p.limit)}`;
    case 'maximum':
      return `must be at most ${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `must be greater than ${String(p.limit)}`;
    case 'exclusiveMaximum':
      return `must be less than ${String(p.limit)}`;
    case 'minItems':
      return `must have at least ${String(p.limit)} item${p.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `must have at most ${String(p.limit)} items`;
    case 'enum':
      return `${JSON.stringify(error.data)} is not one of: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'format':
      return `must be a valid ${String(p.format)}`;
    case 'anyOf':
      return 'must be a text or a list of texts';
    default:
      return error.message ?? 'is not valid';
  }
}

function check(schema: TSchema, data: unknown, prefix: string, what: string, coerce: boolean, into: Record<string, string>): void {
  const validate = validatorFor(schema, coerce);
  if (validate(data)) return;
  const errors = validate.errors ?? [];
  // A union's own message says more than the failures of each of its branches.
  const unions = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  for (const error of errors) {
    if (error.keyword !== 'anyOf' && [...unions].some((u) => error.instancePath.startsWith(u))) continue;
    const child =
      error.keyword === 'required'
        ? String(error.params.missingProperty)
        : error.keyword === 'additionalProperties'
          ? String(error.params.additionalProperty)
          : undefined;
    const path = fieldPath(prefix, error.instancePath, child);
    into[path] ??= sentence(error, what);
  }
}

/** Query parameter names match case-insensitively: `itemsPerPage` is `ItemsPerPage`. */
function canonicalQuery(schema: TSchema, query: Record<string, unknown>): Record<string, unknown> {
  const names = Object.keys((schema as { properties?: object }).properties ?? {});
  const byLower = new Map(names.map((n) => [n.toLowerCase(), n]));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    const name = byLower.get(key.toLowerCase()) ?? key;
    // The same parameter written in two spellings counts as repeated.
    out[name] = name in out ? [out[name], value].flat() : value;
  }
  return out;
}

export interface RawInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  headers?: unknown;
}

export function validateInput(spec: OperationSpec, raw: RawInput): RawInput {
  const fields: Record<string, string> = {};
  const input: RawInput = {};
  if (spec.params) {
    input.params = { ...(raw.params as object) };
    check(spec.params, input.params, '', 'path parameter', true, fields);
  }
  if (spec.query) {
    input.query = canonicalQuery(spec.query, { ...(raw.query as object) });
    check(spec.query, input.query, '', 'query parameter', true, fields);
  } else if (raw.query && Object.keys(raw.query).length > 0) {
    for (const name of Object.keys(raw.query)) fields[name] = 'is not a query parameter of this request';
  }
  if (spec.body) {
    input.body = raw.body;
    if (raw.body === undefined || raw.body === null) fields.body = 'is required: send a JSON object';
    else check(spec.body, input.body, '', 'field', false, fields);
  }
  if (spec.headers) {
    const declared = Object.keys((spec.headers as { properties?: object }).properties ?? {});
    const given = (raw.headers ?? {}) as Record<string, unknown>;
    input.headers = Object.fromEntries(declared.filter((h) => given[h] !== undefined).map((h) => [h, given[h]]));
    check(spec.headers, input.headers, '', 'header', false, fields);
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return input;
}

/**
 * The problems of `data` against `schema`, named by field path as a 400 names them: for a
 * body that arrives other than as a request's JSON (a row of an imported file).
 */
export function schemaProblems(schema: TSchema, data: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  check(schema, data, '', 'field', false, fields);
  return fields;
}
