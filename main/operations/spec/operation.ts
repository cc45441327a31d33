/** What one row of the operation table says (main/operations/spec.ts composes the rows). */
import type { TSchema } from 'typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** public: no token; user: any signed-in user; admin: administrators only. */
export type Access = 'public' | 'user' | 'admin';

export type BodyMediaType = 'application/json' | 'text/csv';

/** A JSON request body: enough for a shipment of many pieces with customs items. */
export const JSON_BODY_LIMIT = 1024 * 1024;

export interface OperationSpec {
  method: HttpMethod;
  /** OpenAPI-style path; `{name}` is a path parameter. */
  path: string;
  summary: string;
  /** More than the summary says, for the OpenAPI document. */
  description?: string;
  tag: string;
  access: Access;
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  headers?: TSchema;
  response: TSchema;
  /**
   * Two operations may share a method and path (the seed's tracking view shares
   * GET /shipments/{uniqueId} with the detail view): the one naming a query parameter
   * here is chosen when that parameter is present.
   */
  selectedByQuery?: string;
  /** The body's media type; for text/csv the body schema is the file as text. */
  bodyMediaType?: BodyMediaType;
  /** The largest body the HTTP door reads for this operation, in bytes (413 beyond). */
  bodyLimit?: number;
  /**
   * Where the OpenAPI document puts an operation that shares its method and path (an
   * OpenAPI path holds one operation per method); the station answers there too.
   */
  documentedPath?: string;
  /**
   * The statuses this operation answers for its own reasons, each with what it means here.
   * The rest (400, 401, 403, 404 for path parameters, 413, 415, 421, 500, 503) follow from
   * its access, parameters and body; a 503 here is one for its own reason besides storage.
   */
  problems?: Partial<Record<404 | 409 | 429 | 503, string>>;
  /** The body may be left out: it is then `{}` (every field of the body optional). */
  bodyOptional?: boolean;
  /** An answer that is 201 Created rather than 200 (one new order, not a batch's report), and what it means. */
  created?: { when: (output: unknown) => boolean; description: string };
}

/** A block of rows, checked against OperationSpec while keeping each row's own types. */
export const operationRows = <T extends Record<string, OperationSpec>>(table: T) => table;

/** A row's JSON body, its media type and its limit (`...jsonBody(S.Request)` in a row). */
export const jsonBody = <T extends TSchema>(body: T, bodyLimit = JSON_BODY_LIMIT) => ({
  body,
  bodyMediaType: 'application/json' as const,
  bodyLimit,
});

/** A row's body that is a file sent as itself (an import's CSV), with its limit. */
export const csvBody = <T extends TSchema>(body: T, bodyLimit: number) => ({
  body,
  bodyMediaType: 'text/csv' as const,
  bodyLimit,
});

/** The media type and limit of any row, bodiless ones included (the HTTP door reads every request). */
export const bodyOf = (spec: Pick<OperationSpec, 'bodyMediaType' | 'bodyLimit'>) => ({
  mediaType: spec.bodyMediaType ?? 'application/json',
  limit: spec.bodyLimit ?? JSON_BODY_LIMIT,
});

/** A byte count as the problems and the OpenAPI document say it: "1 MiB", "20 MiB". */
export const inMiB = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`;
