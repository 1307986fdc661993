/**
 * Test data: one `build<Entity>(overrides)` per entity, in one file per domain. Each inserts a valid row with
 * sensible defaults (creating the members and rows it refers to unless the overrides name them) and returns it as
 * stored. `factories.test.ts` builds one of each.
 */
export { buildUser, TEST_PASSWORD } from './core';
export * from './admin';
export * from './auth';
export * from './bragging';
export * from './businesses';
export * from './dating';
export * from './events';
export * from './groups';
export * from './jobs';
export * from './messages';
export * from './noot';
export * from './posts';
export * from './recipes';
export * from './reels';
export * from './social';
export * from './support';
export * from './tokens';
export * from './twofactor';
export * from './vault';
export * from './webhooks';
