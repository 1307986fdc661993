import { describe, expect, it } from 'vitest';
import { CombinedGraphQLErrors } from '@apollo/client';
import { errorField, errorMessage, errorReason } from './errors';

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

describe('errorReason and errorField', () => {
  it('read the machine reason and field of the server error, not its words', () => {
    const error = new CombinedGraphQLErrors({
      errors: [
        { message: 'nope', extensions: { code: 'INTERNAL_SERVER_ERROR' } },
        {
          message: 'price must be a number',
          extensions: { code: 'BAD_USER_INPUT', field: 'price', reason: 'NOT_A_NUMBER' },
        },
      ],
    });
    expect(errorReason(error)).toBe('NOT_A_NUMBER');
    expect(errorField(error)).toBe('price');
  });

  it('answer nothing for a server error without them or an error that is not the server', () => {
    const plain = new CombinedGraphQLErrors({
      errors: [{ message: 'Already following', extensions: { code: 'CONFLICT' } }],
    });
    expect(errorReason(plain)).toBeUndefined();
    expect(errorField(plain)).toBeUndefined();
    expect(errorReason(new Error('ALREADY_FOLLOWING'))).toBeUndefined();
  });
});
