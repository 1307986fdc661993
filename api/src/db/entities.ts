import { CostBudget } from '../kernel/cost-budget.entity';
import { IdempotencyKey } from '../kernel/idempotency-key.entity';
import type { ClassType, ModuleManifest } from '../kernel/module';
import { RateLimitWindow } from '../kernel/rate-limit-window.entity';
import { modules } from '../modules';
import { AppMeta } from './app-meta.entity';

/** The kernel's and the database's own entities, before every module's. */
const ownEntities = [AppMeta, RateLimitWindow, CostBudget, IdempotencyKey];

/** The TypeORM entities of these modules, after the kernel's (tests pass a list with a module of their own). */
export const entitiesOf = (list: readonly ModuleManifest[]): ClassType[] => [
  ...ownEntities,
  ...list.flatMap((m) => m.entities ?? []),
];

/** Every TypeORM entity; a module declares its own in its manifest (`entities`). */
export const entities = entitiesOf(modules);
