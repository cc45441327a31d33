/**
 * Checks an operation's input against its schemas, for HTTP and IPC alike, and turns every
 * failure into one 400 whose members name each field by its path (docs/contract.md §2):
 * `shipmentPieces[1].weight`, `deliveryAddress.postZipCode`, `Status`.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { TSchema } from 'typebox';
import { validationError } from '../core/errors';
import { fieldLabel, leafName, MIN_ITEMS_WORDS, REQUIRED_WORDS, SHAPE_WORDS } from './field-words';
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
  const parts = pointerParts(instancePath);
  if (child !== undefined) parts.push(child);
  let path = prefix;
  for (const part of parts) {
    if (/^\d+$/.test(part)) path += `[${part}]`;
    else path += path === '' ? part : `.${part}`;
  }
  return path || 'body';
}

const pointerParts = (instancePath: string): string[] =>
  instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));

/** The value an instance path points at in `root`. */
function valueAt(root: unknown, instancePath: string): unknown {
  let node = root;
  for (const part of pointerParts(instancePath))
    node = isRecord(node) || Array.isArray(node) ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

/** The unit a piece's number is in, for "Weight must be more than 0 kg". */
function unitOf(error: ErrorObject, root: unknown): string {
  const parts = pointerParts(error.instancePath);
  const leaf = parts.at(-1);
  const unitField =
    leaf === 'weight'
      ? 'weightUnit'
      : leaf === 'length' || leaf === 'width' || leaf === 'height'
        ? 'dimensionUnit'
        : undefined;
  if (!unitField) return '';
  let parent: unknown = root;
  for (const part of parts.slice(0, -1))
    parent = isRecord(parent) || Array.isArray(parent) ? (parent as Record<string, unknown>)[part] : undefined;
  const given = isRecord(parent) && Object.hasOwn(parent, unitField) ? parent[unitField] : undefined;
  const unit =
    typeof given === 'string' && /^[A-Z]{1,2}$/.test(given) ? given : unitField === 'weightUnit' ? 'KG' : 'CM';
  return ` ${unit.toLowerCase()}`;
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of fields',
  null: 'empty',
};

/** What an operator reads for a schema failure: "Weight must be more than 0 kg", "Choose a service". */
function sentence(error: ErrorObject, what: string, path: string, root: unknown): string {
  const p = error.params as Record<string, unknown>;
  const label = fieldLabel(path);
  switch (error.keyword) {
    case 'required':
      return REQUIRED_WORDS[leafName(path)] ?? `${label} is required`;
    case 'additionalProperties':
      return `${leafName(path)} is not a ${what} of this request`;
    case 'type': {
      if (Object.hasOwn(SHAPE_WORDS, path)) return SHAPE_WORDS[path]!;
      const types = String(p.type).split(',');
      return `${label} must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}`;
    }
    case 'maxLength':
      return `${label} must be at most ${String(p.limit)} characters`;
    case 'minLength':
      return p.limit === 1 ? `${label} must not be empty` : `${label} must be at least ${String(p.limit)} characters`;
    case 'minimum':
      // An id of 0 is none chosen: "Choose a carrier", not "Carrier must be at least 1".
      if (p.limit === 1 && valueAt(root, error.instancePath) === 0 && leafName(path).endsWith('Id'))
        return REQUIRED_WORDS[leafName(path)] ?? `Choose a ${label.toLowerCase()}`;
      return p.limit === 0
        ? `${label} must not be negative`
        : `${label} must be at least ${String(p.limit)}${unitOf(error, root)}`;
    case 'maximum':
      return `${label} must be at most ${String(p.limit)}${unitOf(error, root)}`;
    case 'exclusiveMinimum':
      return `${label} must be more than ${String(p.limit)}${unitOf(error, root)}`;
    case 'exclusiveMaximum':
      return `${label} must be less than ${String(p.limit)}${unitOf(error, root)}`;
    case 'minItems':
      return (
        MIN_ITEMS_WORDS[leafName(path)] ??
        `${label} must have at least ${String(p.limit)} item${p.limit === 1 ? '' : 's'}`
      );
    case 'maxItems':
      return `${label} must have at most ${String(p.limit)} items`;
    case 'enum':
      // Ajv keeps error.data only when verbose: the value is read from the input instead.
      return `${label} ${JSON.stringify(error.data ?? valueAt(root, error.instancePath))} is not one of: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `${label} must be ${JSON.stringify(p.allowedValue)}`;
    case 'format':
      return `${label} must be a valid ${String(p.format)}`;
    default:
      return `${label} ${error.message ?? 'is not valid'}`;
  }
}

/**
 * A union's sentence from its branches' failures at its own path: the branch the value's type
 * fits says what is wrong ("Weight must be more than 0 kg, or empty"); values of a list of
 * constants are named ("Dpi must be 203 or 300"); else the types it may be.
 */
function unionSentence(union: ErrorObject, all: ErrorObject[], what: string, path: string, root: unknown): string {
  const inside = all.filter((e) => e !== union && e.instancePath.startsWith(union.instancePath));
  const branches = inside.filter((e) => e.instancePath === union.instancePath);
  const types = branches.filter((e) => e.keyword === 'type').flatMap((e) => String(e.params.type).split(','));
  const constants = branches.filter((e) => e.keyword === 'const').map((e) => JSON.stringify(e.params.allowedValue));
  // A branch's own rule (a limit, a length), also on a list's item: the value had that branch's type.
  const fitting = inside.find((e) => e.keyword !== 'type' && e.keyword !== 'const' && e.keyword !== 'anyOf');
  const label = fieldLabel(path);
  if (fitting) {
    const words = sentence(fitting, what, path, root);
    return types.includes('null') && fitting.keyword !== 'minLength' ? `${words}, or empty` : words;
  }
  const choices = [...constants, ...[...new Set(types)].map((t) => (t === 'array' ? 'a list' : (TYPE_WORDS[t] ?? t)))];
  return `${label} must be ${choices.length > 0 ? choices.join(' or ') : 'one of the allowed values'}`;
}

function check(
  schema: TSchema,
  data: unknown,
  prefix: string,
  what: string,
  coerce: boolean,
  into: Record<string, string>,
): ErrorObject[] {
  const validate = validatorFor(schema, coerce);
  if (validate(data)) return [];
  const errors = validate.errors ?? [];
  // A union's own message says more than the failures of each of its branches.
  const unions = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  const kept: ErrorObject[] = [];
  for (const error of errors) {
    if (error.keyword !== 'anyOf' && [...unions].some((u) => error.instancePath.startsWith(u))) continue;
    const child =
      error.keyword === 'required'
        ? String(error.params.missingProperty)
        : error.keyword === 'additionalProperties'
          ? String(error.params.additionalProperty)
          : undefined;
    const path = fieldPath(prefix, error.instancePath, child);
    // Own properties only: an unknown field named `constructor` is reported like any other.
    if (!Object.hasOwn(into, path))
      into[path] =
        error.keyword === 'anyOf' ? unionSentence(error, errors, what, path, data) : sentence(error, what, path, data);
    kept.push(error);
  }
  return kept;
}

/**
 * A copy of the body without the values the schema refused, so the business rules check
 * only what has the right type: each field's own rules are skipped where its type is wrong.
 * Null when the body as a whole is wrong.
 */
function withoutRefused(body: unknown, errors: ErrorObject[]): unknown {
  if (errors.some((e) => e.instancePath === '' && e.keyword !== 'required' && e.keyword !== 'additionalProperties'))
    return null;
  const copy = structuredClone(body);
  for (const error of errors) {
    const parts = pointerParts(error.instancePath);
    if (error.keyword === 'required') continue;
    if (error.keyword === 'additionalProperties') parts.push(String(error.params.additionalProperty));
    let parent: unknown = copy;
    for (const part of parts.slice(0, -1)) {
      parent = isRecord(parent) || Array.isArray(parent) ? (parent as Record<string, unknown>)[part] : undefined;
    }
    const last = parts.at(-1)!;
    if (Array.isArray(parent)) parent[Number(last)] = undefined;
    else if (isRecord(parent)) delete parent[last];
  }
  return copy;
}

/** Query parameter names match case-insensitively: `itemsPerPage` is `ItemsPerPage`. */
function canonicalQuery(schema: TSchema, query: Record<string, unknown>): Record<string, unknown> {
  const names = Object.keys((schema as { properties?: object }).properties ?? {});
  const byLower = new Map(names.map((n) => [n.toLowerCase(), n]));
  // Null prototype: a parameter named `__proto__` or `constructor` is a key like any other.
  const out = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(query)) {
    const name = byLower.get(key.toLowerCase()) ?? key;
    // The same parameter written in two spellings counts as repeated.
    out[name] = Object.hasOwn(out, name) ? [out[name], value].flat() : value;
  }
  return out;
}

/** JSON nested deeper than this is refused before anything walks it recursively. */
export const MAX_DEPTH = 32;

/**
 * Walks an input part without recursion: refuses nesting past MAX_DEPTH (one 400, nothing
 * else checked), and names every text that holds NUL or a lone surrogate, which no store
 * may keep.
 */
function inspect(value: unknown, prefix: string, into: Record<string, string>): void {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: prefix, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      const bad = badText(item.value);
      if (bad && !Object.hasOwn(into, item.path || 'body'))
        into[item.path || 'body'] = `${fieldLabel(item.path)} ${bad}`;
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= MAX_DEPTH) throw tooDeep();
    const entries = Array.isArray(item.value)
      ? item.value.map((v, i) => [i, v] as const)
      : Object.entries(item.value as Record<string, unknown>);
    for (const [key, child] of entries) {
      const path = typeof key === 'number' ? `${item.path}[${key}]` : item.path === '' ? key : `${item.path}.${key}`;
      if (typeof key === 'string' && badText(key)) {
        into[item.path || 'body'] =
          `${fieldLabel(item.path)} has a field name with ${badText(key)!.replace(/^must not hold /, '')}`;
        continue;
      }
      stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
}

const tooDeep = () =>
  validationError(
    { body: `is nested more than ${MAX_DEPTH} levels deep` },
    `The request is nested more than ${MAX_DEPTH} levels deep.`,
  );

// eslint-disable-next-line no-control-regex
const NUL = /\u0000/;
/** A lone surrogate: a high one not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function badText(text: string): string | undefined {
  if (NUL.test(text)) return 'must not hold the NUL character';
  if (LONE_SURROGATE.test(text)) return 'must not hold a broken character (a lone UTF-16 surrogate)';
  return undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface RawInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  headers?: unknown;
}

/**
 * The rules of an operation's body beyond its schema (post codes, the catalog, limits), run
 * on what the schema accepted when the schema refused something, so that one 400 names
 * every wrong field (docs/contract.md §11). Returns field path → sentence.
 */
export type BodyRules = (body: unknown) => Record<string, string>;

export function validateInput(spec: OperationSpec, raw: RawInput, rules?: BodyRules): RawInput {
  const fields = Object.create(null) as Record<string, string>;
  const input: RawInput = {};
  if (spec.params) {
    input.params = { ...(raw.params as object) };
    inspect(input.params, '', fields);
    check(spec.params, input.params, '', 'path parameter', true, fields);
  }
  if (spec.query) {
    input.query = canonicalQuery(spec.query, { ...(raw.query as object) });
    inspect(input.query, '', fields);
    check(spec.query, input.query, '', 'query parameter', true, fields);
  } else if (isRecord(raw.query) && Object.keys(raw.query).length > 0) {
    for (const name of Object.keys(raw.query)) fields[name] = `${name} is not a query parameter of this request`;
  }
  if (spec.body) {
    input.body = raw.body === undefined && spec.bodyOptional ? {} : raw.body;
    if (input.body === undefined || input.body === null)
      fields.body = 'The request body is required: send a JSON object';
    else {
      inspect(input.body, '', fields);
      const refused = check(spec.body, input.body, '', 'field', false, fields);
      if (refused.length > 0 && rules) {
        const rest = withoutRefused(input.body, refused);
        if (rest !== null) {
          for (const [path, message] of Object.entries(rules(rest))) {
            if (!Object.hasOwn(fields, path)) fields[path] = message;
          }
        }
      }
    }
  }
  if (spec.headers) {
    const declared = Object.keys((spec.headers as { properties?: object }).properties ?? {});
    const given = (raw.headers ?? {}) as Record<string, unknown>;
    input.headers = Object.fromEntries(
      declared.filter((h) => Object.hasOwn(given, h) && given[h] !== undefined).map((h) => [h, given[h]]),
    );
    inspect(input.headers, '', fields);
    check(spec.headers, input.headers, '', 'header', false, fields);
  }
  if (Object.keys(fields).length > 0) throw validationError({ ...fields });
  return input;
}

/**
 * The problems of `data` against `schema`, named by field path as a 400 names them: for a
 * body that arrives other than as a request's JSON (a row of an imported file).
 */
export function schemaProblems(schema: TSchema, data: unknown, rules?: BodyRules): Record<string, string> {
  const fields: Record<string, string> = {};
  const refused = check(schema, data, '', 'field', false, fields);
  // As for a request's body: the rules run on what the schema accepted (docs/contract.md §11).
  if (refused.length > 0 && rules) {
    const rest = withoutRefused(data, refused);
    if (rest !== null)
      for (const [path, message] of Object.entries(rules(rest)))
        if (!Object.hasOwn(fields, path)) fields[path] = message;
  }
  return fields;
}
