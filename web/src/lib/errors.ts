import { CombinedGraphQLErrors } from '@apollo/client';

/** The message to show for a failed call: the server's own GraphQL error text when there is one. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors.find((e) => e.message)?.message;
    if (first) return first;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The code the server gave a failed call (`extensions.code`: RATE_LIMITED, NOT_FOUND, ...), if any. */
export function errorCode(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const code = error.errors.find((e) => e.extensions?.code)?.extensions?.code;
  return typeof code === 'string' ? code : undefined;
}

/** One extension of the first server error that carries it, when it is a string. */
function extension(error: unknown, name: 'reason' | 'field'): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const value = error.errors.find((e) => typeof e.extensions?.[name] === 'string')?.extensions?.[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The machine reason the server gave a CONFLICT or BAD_USER_INPUT (`extensions.reason`: ALREADY_FOLLOWING,
 * ALREADY_SAVED, ...): what a screen switches on, never the words of the message.
 */
export const errorReason = (error: unknown): string | undefined => extension(error, 'reason');

/** The input property a BAD_USER_INPUT is about (`extensions.field`: price, latitude, ...), if any. */
export const errorField = (error: unknown): string | undefined => extension(error, 'field');
