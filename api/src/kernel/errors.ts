import { GraphQLError } from 'graphql';

/** The codes a domain error can carry; each maps to one REST status (`restStatus`). */
export const ERROR_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'BAD_USER_INPUT',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'UPSTREAM_FAILED',
  'UNAVAILABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const isErrorCode = (code: unknown): code is ErrorCode => (ERROR_CODES as readonly unknown[]).includes(code);

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
/** `retryAfter` (older clients read it) and `retryAfterSeconds` (the cost budget's name) carry the same seconds. */
export const rateLimited = (retryAfterSeconds: number) =>
  new DomainError('RATE_LIMITED', 'Too many requests. Please try again later.', {
    retryAfter: retryAfterSeconds,
    retryAfterSeconds,
  });

/** A service we depend on (an AI text helper, ...) failed or did not answer in time: nothing is wrong with the request. */
export const upstreamFailed = (message: string) => new DomainError('UPSTREAM_FAILED', message);

/** The database did not answer in time or is down: worth trying again in a moment, nothing is wrong with the request. */
export const unavailable = () =>
  new DomainError('UNAVAILABLE', 'The service is briefly unavailable. Please try again in a moment.');

/**
 * The REST status of a domain error code (docs/architecture.md, "The way a request travels"). Exhaustive: a code
 * added to ERROR_CODES without a case here does not compile (`unmapped` would not be `never`).
 */
export function restStatus(code: ErrorCode): number {
  switch (code) {
    case 'UNAUTHENTICATED':
      return 401;
    case 'FORBIDDEN':
      return 403;
    case 'NOT_FOUND':
      return 404;
    case 'BAD_USER_INPUT':
      return 400;
    case 'CONFLICT':
      return 409;
    case 'PAYLOAD_TOO_LARGE':
      return 413;
    case 'RATE_LIMITED':
      return 429;
    case 'UPSTREAM_FAILED':
      return 502;
    case 'UNAVAILABLE':
      return 503;
    default: {
      const unmapped: never = code;
      throw new Error(`No REST status for error code ${String(unmapped)}`);
    }
  }
}

/** The REST status of any error's code: domain codes by `restStatus`, anything else is null (the caller decides). */
export const statusOf = (code: unknown): number | null => (isErrorCode(code) ? restStatus(code) : null);

export const GENERIC_MESSAGE = 'Something went wrong. Please try again.';

/**
 * The shape of an error as a client may see it. Known codes pass (including GraphQL's own validation
 * errors); unexpected errors become the generic message and are logged with the request id by the caller.
 */
export function isExpected(err: { extensions?: Record<string, unknown> }): boolean {
  const code = err.extensions?.code;
  return (
    typeof code === 'string' &&
    (isErrorCode(code) ||
      [
        'GRAPHQL_PARSE_FAILED',
        'GRAPHQL_VALIDATION_FAILED',
        'BAD_REQUEST',
        'PERSISTED_QUERY_NOT_FOUND',
        'OPERATION_RESOLUTION_FAILURE',
      ].includes(code))
  );
}
