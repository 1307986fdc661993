import { Arg } from 'type-graphql';
import type { EntityManager } from 'typeorm';
import { db } from './database';
import { badInput } from './errors';
import { IdempotencyKey } from './idempotency-key.entity';

/** The `idempotencyKey` argument of every creating mutation (REST: the `Idempotency-Key` header). */
export const IdempotencyKeyArg = () =>
  Arg('idempotencyKey', () => String, {
    nullable: true,
    description:
      'A key the client makes up for this one creation (1 to 200 visible ASCII characters); a retry with the same ' +
      'key answers what the first created',
  });

/** How a client names one creating request so that its retries create nothing more (the `Idempotency-Key` header). */
const KEY = /^[\x21-\x7e]{1,200}$/;

/** Records, inside the transaction that writes the created row, which row a key created. */
export type RecordResult = (manager: EntityManager, resultId: string) => Promise<void>;

const earlier = async (memberId: string, operation: string, key: string) =>
  (await db().getRepository(IdempotencyKey).findOneBy({ memberId, operation, key }))?.resultId ?? null;

/**
 * Runs a creating operation at most once per member, operation and key. Without a key it just runs. With one,
 * a key already used answers what it created (`load`); otherwise `create` runs and must call `record` in the
 * transaction that writes its row, so the key and the row commit together: a write committed while its answer
 * was lost is found by the retry, and of two concurrent requests with one key the second's transaction fails
 * (on the key's primary key, or the row's own unique rule), rolls back its row and answers the first's.
 */
export async function once<T>(
  scope: { memberId: string; operation: string; key: string | null | undefined },
  create: (record: RecordResult) => Promise<T>,
  load: (resultId: string) => Promise<T>,
): Promise<T> {
  const { memberId, operation, key } = scope;
  if (key === null || key === undefined) return create(async () => undefined);
  if (!KEY.test(key)) throw badInput('Idempotency-Key', 'must be 1 to 200 visible ASCII characters');
  const done = await earlier(memberId, operation, key);
  if (done) return load(done);
  try {
    return await create((manager, resultId) =>
      manager.insert(IdempotencyKey, { memberId, operation, key, resultId }).then(() => undefined),
    );
  } catch (err) {
    // Whatever refused this attempt (the key's primary key, or the row's own unique rule reached second), a
    // request with the same key that committed answers for both.
    const winner = await earlier(memberId, operation, key).catch(() => null);
    if (winner) return load(winner);
    throw err;
  }
}
