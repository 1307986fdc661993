import { describe, expect, it } from 'vitest';
import { silentLog } from '../test/helpers';
import { connectWhenReachable } from './index';

/** A data source whose first `failures` connection attempts fail with `error`. */
function failingFirst(failures: number, error: () => Error) {
  let calls = 0;
  return {
    calls: () => calls,
    initialize: async () => {
      calls += 1;
      if (calls <= failures) throw error();
      return undefined as never;
    },
  };
}
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
const URL_ = 'postgres://saffa:secret@127.0.0.1:5999/saffa';

describe('connecting at boot', () => {
  it('waits while the server answers without the database (it is created just after the server listens)', async () => {
    const ds = failingFirst(2, () => pgError('3D000', 'database "saffa" does not exist'));
    await connectWhenReachable(ds, URL_, 10, silentLog);
    expect(ds.calls()).toBe(3);
  });

  it('gives up on a database that stays missing past the grace', async () => {
    const ds = failingFirst(Infinity, () => pgError('3D000', 'database "saffa" does not exist'));
    await expect(connectWhenReachable(ds, URL_, 10, silentLog, 50)).rejects.toThrow('does not exist');
    expect(ds.calls()).toBeGreaterThan(1);
  });

  it('ends at once on a wrong password', async () => {
    const ds = failingFirst(Infinity, () => pgError('28P01', 'password authentication failed for user "saffa"'));
    await expect(connectWhenReachable(ds, URL_, 10, silentLog)).rejects.toThrow('password authentication failed');
    expect(ds.calls()).toBe(1);
  });
});
