/** What one row of the operation table says (main/operations/spec.ts composes the rows). */
import type { TSchema } from 'typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** public: no token; user: any signed-in user; admin: administrators only. */
export type Access = 'public' | 'user' | 'admin';

export interface OperationSpec {
  method: HttpMethod;
  /** OpenAPI-style path; `{name}` is a path parameter. */
  path: string;
  summary: string;
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
  /** The body's media type when it is not JSON: the body schema is then the file as text. */
  bodyMediaType?: 'text/csv';
  /**
   * Where the OpenAPI document puts an operation that shares its method and path (an
   * OpenAPI path holds one operation per method); the station answers there too.
   */
  documentedPath?: string;
  /**
   * The statuses this operation answers for its own reasons, each with what it means here.
   * The rest (400, 401, 403, 404 for path parameters, 413, 415, 421, 500, 503) follow from
   * its access, parameters and body.
   */
  problems?: Partial<Record<404 | 409 | 429, string>>;
}

/** A block of rows, checked against OperationSpec while keeping each row's own types. */
export const operationRows = <T extends Record<string, OperationSpec>>(table: T) => table;
