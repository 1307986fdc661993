import { describe, expect, it } from 'vitest';
import { CombinedGraphQLErrors } from '@apollo/client';
import { errorMessage } from './errors';

describe('errorMessage', () => {
  it("shows the server's GraphQL error message", () => {
    const error = new CombinedGraphQLErrors({ errors: [{ message: 'Invalid email or password' }] });
    expect(errorMessage(error)).toBe('Invalid email or password');
  });

  it('falls back to the error text, then a generic message', () => {
    expect(errorMessage(new Error('Network down'))).toBe('Network down');
    expect(errorMessage('weird')).toBe('Something went wrong. Please try again.');
  });
});
