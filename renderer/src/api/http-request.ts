/**
 * How an operation of the table travels over HTTP: the method and path come from the spec,
 * `{param}`s are filled from `input.params`, the query from `input.query` (arrays as repeated
 * parameters), the body is JSON and `input.headers` become request headers. Pure: no fetch here.
 */
import type { OperationSpec } from '../../../main/operations/spec';

/** The four parts every operation's input may carry (see `InputOf` in the spec). */
export interface OperationInput {
  params?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
  headers?: Record<string, unknown> | undefined;
}

export interface HttpRequestPlan {
  method: OperationSpec['method'];
  url: string;
  headers: Record<string, string>;
  /** JSON text, or the file's own text (`bodyMediaType`), when the operation has a body. */
  body?: string;
}

const scalar = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));

/** `/shipments/{uniqueId}/label` + `{uniqueId: 'a/b'}` → `/shipments/a%2Fb/label`. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`The path ${path} needs the parameter "${name}".`);
    }
    return encodeURIComponent(scalar(value));
  });
}

/** Query text; arrays repeat the parameter, absent values are left out. */
export function queryString(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      search.append(name, scalar(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function planHttpRequest(
  spec: Pick<OperationSpec, 'method' | 'path' | 'body' | 'bodyMediaType'>,
  input: OperationInput,
  baseUrl: string,
  token: string | null,
): HttpRequestPlan {
  const base = baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = { Accept: 'application/json' };
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    if (value !== undefined && value !== null && value !== '') headers[name] = scalar(value);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  const plan: HttpRequestPlan = {
    method: spec.method,
    url: `${base}${fillPath(spec.path, input.params)}${queryString(input.query)}`,
    headers,
  };
  if (spec.body && spec.bodyMediaType && spec.bodyMediaType !== 'application/json') {
    // A file sent as itself (an import's CSV), not wrapped in JSON.
    headers['Content-Type'] = `${spec.bodyMediaType}; charset=utf-8`;
    plan.body = String(input.body ?? '');
  } else if (spec.body) {
    headers['Content-Type'] = 'application/json';
    plan.body = JSON.stringify(input.body ?? {});
  }
  return plan;
}
