import type { ObjectLiteral, EntityTarget } from 'typeorm';
import { db } from '../../kernel/database';
import { hashPassword } from '../../modules/auth/auth.service';
import { Role, User } from '../../modules/users/user.entity';

/**
 * Test data: one `build<Entity>(overrides)` per entity. Each inserts a valid row with sensible defaults
 * (creating the members and posts it refers to unless the overrides name them) and returns it as stored.
 */

let counter = 0;
export const next = () => ++counter;

let passwordHash: Promise<string> | null = null;

export const TEST_PASSWORD = 'correct horse battery';

export async function insert<T extends ObjectLiteral>(entity: EntityTarget<T>, values: Partial<T>): Promise<T> {
  const repo = db().getRepository(entity);
  const inserted = await repo.insert(values as never);
  return repo.findOneByOrFail({ id: inserted.identifiers[0].id } as never);
}

/** The member a row refers to: the one the overrides name, else a new one. */
export const memberRef = async (id?: string | null) => id ?? (await buildUser()).id;

/**
 * A member with a confirmed e-mail (give `emailVerifiedAt: null` for one who has not); the password is
 * TEST_PASSWORD.
 */
export async function buildUser(overrides: Partial<User> = {}): Promise<User> {
  const n = next();
  return insert(User, {
    firstName: 'Test',
    lastName: `Member${n}`,
    email: `member${n}.${Date.now()}@example.com`,
    emailVerifiedAt: new Date(),
    role: Role.user,
    passwordHash: await (passwordHash ??= hashPassword(TEST_PASSWORD)),
    ...overrides,
  });
}

/** Inserts a row keyed by its columns rather than an id (a like, a follow, a block) and returns it as stored. */
export async function insertByKey<T extends ObjectLiteral>(
  entity: EntityTarget<T>,
  key: Partial<T>,
  values: Partial<T> = {},
): Promise<T> {
  const repo = db().getRepository(entity);
  await repo.insert({ ...values, ...key } as never);
  return repo.findOneByOrFail(key as never);
}
