import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database';

describe('isDatabaseUnavailable', () => {
  it('counts a transaction whose connection TypeORM released when the server went away (a 503, not a 500)', () => {
    expect(isDatabaseUnavailable(new QueryRunnerProviderAlreadyReleasedError())).toBe(true);
    expect(isDatabaseUnavailable(new QueryRunnerAlreadyReleasedError())).toBe(true);
  });

  it('counts a cut connection and a stopping server, but not a wrong statement', () => {
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        new QueryFailedError('SELECT nope', [], Object.assign(new Error('Connection terminated unexpectedly'), {})),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        new QueryFailedError(
          'SELEC 1',
          [],
          Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' }),
        ),
      ),
    ).toBe(false);
  });
});
