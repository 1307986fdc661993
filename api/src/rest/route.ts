/**
 * How a documented body field is checked before the operation runs: a type, optional with '?'. 'numeric' is a
 * number or a string that holds one (older clients send coordinates as strings); it reaches the operation as a number.
 */
export type FieldSpec =
  'string' | 'string?' | 'number' | 'number?' | 'numeric?' | 'boolean' | 'boolean?' | 'string[]?' | 'any?';

export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  /** A request header by its lower-case name (e.g. `idempotency-key`). */
  header: (name: string) => string | undefined;
}

declare module '../kernel/module' {
  interface ModuleRoles {
    /** This module's rows of the REST table (documented /api paths), in the order they are matched. */
    rest?: ReadonlyArray<RestRoute>;
  }
}

/** One row of the REST table: a documented /api path and the GraphQL operation that serves it. */
export interface RestRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  /** A GraphQL document with exactly one operation. */
  operation: string;
  /** The documented JSON body fields; anything else in the body is ignored. */
  body?: Record<string, FieldSpec>;
  /** Builds the operation's variables; by default the checked body fields under `input`. */
  variables?: (req: RestRequest) => Record<string, unknown>;
  /** Shapes the operation's data into the documented response; by default its only field. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a GraphQL answer, shaped by the row's operation
  result?: (data: Record<string, any>) => unknown;
  /** Extra response headers from the operation's data (e.g. the next page's cursor). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a GraphQL answer, shaped by the row's operation
  headers?: (data: Record<string, any>) => Record<string, string | null | undefined>;
  /** The status when the result is null (e.g. 401 for the current user when signed out). */
  nullStatus?: number;
  nullMessage?: string;
  /** Success status; 204 sends no body. */
  status?: number;
  /** 'upload' for rows whose body carries files (UPLOAD_BODY_LIMIT_BYTES); BODY_LIMIT_BYTES otherwise. */
  bodyLimit?: 'upload';
}

/** Types a table module's rows; keeps the table declarations short. */
export const restTable = (rows: RestRoute[]) => rows;

/** The `Idempotency-Key` header, as the `$key` variable of a creating mutation's row. */
export const idempotencyKeyOf = (req: RestRequest) => req.header('idempotency-key') ?? null;
