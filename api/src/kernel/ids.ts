import { badInput } from './errors';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` could name something: an "or null" query answers null for anything else, as for an unknown id. */
export const isUuid = (id: unknown): id is string => typeof id === 'string' && UUID.test(id);

/** Ids are UUIDs: anything else is a clear BAD_USER_INPUT rather than a database error. */
export function checkUuid(id: unknown, field: string): string {
  if (typeof id !== 'string' || !UUID.test(id)) throw badInput(field, 'must be a valid id');
  return id;
}
