import { GraphQLError } from 'graphql';

/** The codes a domain error can carry; each maps to one REST status. */
export const ERROR_STATUS = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 400,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** A rule of the product was not met. Services throw these; the edges translate them. */
export class DomainError extends GraphQLError {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, extra: Record<string, unknown> = {}) {
    super(message, { extensions: { code, ...extra } });
    this.code = code;
  }
}

export const unauthenticated = (message = 'You must be signed in.') => new DomainError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do that.') => new DomainError('FORBIDDEN', message);
export const notFound = (what: string) => new DomainError('NOT_FOUND', `${what} not found`);
export const badInput = (field: string, rule: string) =>
  new DomainError('BAD_USER_INPUT', `${field} ${rule}`, { field });
export const conflict = (message: string) => new DomainError('CONFLICT', message);
export const tooLarge = (message: string) => new DomainError('PAYLOAD_TOO_LARGE', message);
export const rateLimited = (retryAfterSeconds: number) =>
  new DomainError('RATE_LIMITED', 'Too many requests. Please try again later.', { retryAfter: retryAfterSeconds });

/** The REST status of any error: domain codes map exhaustively, everything else is a 500. */
export function statusOf(code: unknown): number {
  switch (code as ErrorCode) {
    case 'UNAUTHENTICATED':
    case 'FORBIDDEN':
    case 'NOT_FOUND':
    case 'BAD_USER_INPUT':
    case 'CONFLICT':
    case 'PAYLOAD_TOO_LARGE':
    case 'RATE_LIMITED':
      return ERROR_STATUS[code as ErrorCode];
    default:
      return 500;
  }
}

export const GENERIC_MESSAGE = 'Something went wrong. Please try again.';

/**
 * The shape of an error as a client may see it. Known codes pass (including GraphQL's own validation
 * errors); unexpected errors become the generic message and are logged with the request id by the caller.
 */
export function isExpected(err: { extensions?: Record<string, unknown> }): boolean {
  const code = err.extensions?.code;
  return (
    typeof code === 'string' &&
    (code in ERROR_STATUS ||
      ['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_REQUEST', 'PERSISTED_QUERY_NOT_FOUND', 'OPERATION_RESOLUTION_FAILURE'].includes(code))
  );
}
