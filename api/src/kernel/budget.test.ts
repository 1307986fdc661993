import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { principalOf, resetLocalBudgets, spend, type Principal } from './budget';
import { db } from './database';
import { DomainError } from './errors';
import { settings, useSettings } from './settings';

const original = settings();
const budget = (costCapacity: number, costRefillPerSecond: number) =>
  useSettings({ ...original, limits: { ...original.limits, costCapacity, costRefillPerSecond } });
afterEach(() => {
  useSettings(original);
  resetLocalBudgets();
});

const shared = (): Principal => ({ key: `cost:ip:test-${randomUUID()}`, shared: true });
const codeOf = (e: unknown) => (e as DomainError).extensions?.code;
const refused = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('granted');
    },
    (e: DomainError) => e,
  );

describe('the cost budget', () => {
  it('names the principal: the member (every token of theirs the same one), else the IP (issue 24, item 14)', () => {
    const meta = { ip: '10.0.0.1' };
    expect(principalOf({ tokenId: 't1', viewer: { id: 'u1', role: 'user' }, meta })).toEqual({
      key: 'cost:member:u1',
      shared: true,
    });
    expect(principalOf({ tokenId: 't2', viewer: { id: 'u1', role: 'user' }, meta: { ip: '10.9.9.9' } })).toEqual({
      key: 'cost:member:u1',
      shared: true,
    });
    expect(principalOf({ tokenId: null, viewer: { id: 'u1', role: 'user' }, meta })).toEqual({
      key: 'cost:member:u1',
      shared: false,
    });
    expect(principalOf({ viewer: null, meta })).toEqual({ key: 'cost:ip:10.0.0.1', shared: true });
  });

  it('debits and reports what is left; over it RATE_LIMITED with the seconds until enough has refilled', async () => {
    budget(100, 10);
    const who = shared();
    expect(await spend(who, 30)).toEqual({ requested: 30, remaining: 70, limit: 100, refillPerSecond: 10 });
    expect((await spend(who, 60)).remaining).toBeLessThanOrEqual(10);
    const e = await refused(spend(who, 40));
    expect(codeOf(e)).toBe('RATE_LIMITED');
    expect(e.extensions.retryAfterSeconds).toBe(3); // 10 left (a little more by now), 40 wanted, 10 a second
    expect(e.extensions.retryAfter).toBe(3);
    expect(e.extensions.cost).toMatchObject({ requested: 40, limit: 100, refillPerSecond: 10 });
    // A refused request spends nothing: one second later (the row's clock moved back) 20 are there (and whatever
    // refilled while the statements ran: on a busy machine a tenth of a second adds one).
    await db().query(`UPDATE cost_budgets SET refilled_at = refilled_at - interval '1 second' WHERE key = $1`, [
      who.key,
    ]);
    expect((await spend(who, 20)).remaining).toBeLessThan(2);
  });

  it('refills over time, never past the capacity', async () => {
    // One a second, the clock moved back 50 s: the real time between the statements adds nothing (below a second).
    budget(100, 1);
    const who = shared();
    await spend(who, 100);
    await db().query(`UPDATE cost_budgets SET refilled_at = refilled_at - interval '50 seconds' WHERE key = $1`, [
      who.key,
    ]);
    expect((await spend(who, 10)).remaining).toBe(40);
    await db().query(`UPDATE cost_budgets SET refilled_at = refilled_at - interval '1 hour' WHERE key = $1`, [who.key]);
    expect((await spend(who, 1)).remaining).toBe(99);
  });

  it('50 parallel debits over several connections never spend more than the bucket holds', async () => {
    budget(1000, 0);
    const who = shared();
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => spend(who, 30)));
    const granted = results.filter((r) => r.status === 'fulfilled');
    expect(granted).toHaveLength(33); // 33 x 30 = 990 of 1000
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .every((r) => codeOf((r as PromiseRejectedResult).reason) === 'RATE_LIMITED'),
    ).toBe(true);
    const [row] = await db().query(`SELECT tokens FROM cost_budgets WHERE key = $1`, [who.key]);
    expect(row.tokens).toBe(10);
    expect(Math.min(...granted.map((r) => (r as PromiseFulfilledResult<{ remaining: number }>).value.remaining))).toBe(
      10,
    );
  });

  it('refuses an operation that costs more than the whole bucket, spending nothing', async () => {
    budget(100, 1);
    const who = shared();
    const e = await refused(spend(who, 101));
    expect(codeOf(e)).toBe('BAD_USER_INPUT');
    expect(e.message).toMatch(/costs 101 points, more than the whole budget of 100/);
    expect(await db().query(`SELECT 1 FROM cost_budgets WHERE key = $1`, [who.key])).toEqual([]);
  });

  it("keeps a member's session budget in the process, with no statement", async () => {
    budget(100, 0);
    const who: Principal = { key: `cost:member:${randomUUID()}`, shared: false };
    expect((await spend(who, 60)).remaining).toBe(40);
    expect(codeOf(await refused(spend(who, 60)))).toBe('RATE_LIMITED');
    expect(await db().query(`SELECT 1 FROM cost_budgets WHERE key = $1`, [who.key])).toEqual([]);
  });
});
