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
