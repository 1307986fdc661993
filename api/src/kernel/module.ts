import type { Loaders } from './context';
import type { DemoPart } from './demo';
import type { FactSql, FactsLoader } from './facts';
import type { ScheduledJob } from './scheduler';

/** A table and one of its columns, as (table, column). */
export type TableColumn = readonly [table: string, column: string];

/**
 * Everything the composition root needs from one module, declared in the module's `<module>.module.ts` and listed
 * once in `modules/index.ts`: the schema, the loader registry, the REST table, the entity list, the demo loader, the
 * scheduler, the media sweep, the reports queue, conversations, search and the account export all iterate over that
 * list, so a new domain is one folder and one line. Leave out a role the module does not have.
 *
 * The roles typed here use only kernel types. A role whose contract belongs to a module or to the REST adapter
 * (reportables, conversation origins, search kinds, export rules, REST rows, suspension hooks) is added to this
 * interface by the file that owns the contract, by declaration merging (`declare module '../../kernel/module'`),
 * so the kernel names no domain.
 */
/** A class: a resolver or an entity (what TypeGraphQL and TypeORM take as `Function`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a class of any constructor
export type ClassType = abstract new (...args: any[]) => unknown;

export interface ModuleRoles {
  /** TypeGraphQL resolver classes (queries, mutations, subscriptions and field resolvers). */
  resolvers?: ReadonlyArray<ClassType>;
  /** TypeORM entities; their tables come from the migrations (db/migrations), listed in order there. */
  entities?: ReadonlyArray<ClassType>;
  /** Per-request batch loaders, by their key in the kernel's `Loaders` (which the module augments). */
  loaders?: { readonly [K in keyof Loaders]?: (viewerId: string | null) => Loaders[K] };
  /** SQL facts this module adds to a facts loader several modules share (e.g. `postFacts`, `memberFacts`). */
  facts?: {
    readonly [K in keyof Loaders]?: Loaders[K] extends FactsLoader<infer F> ? Partial<FactSql<F>> : never;
  };
  /** Columns that keep URLs of stored files (`/media/...`): the media sweep keeps every file they name. */
  mediaColumns?: ReadonlyArray<TableColumn>;
  /** The module's share of the demo content, loaded in module order (a part may wait for others: `after`). */
  demo?: ReadonlyArray<DemoPart>;
  /** Periodic work run by the one scheduler (kernel/scheduler.ts), started by main.ts. */
  jobs?: ReadonlyArray<ScheduledJob>;
}

export interface ModuleManifest extends ModuleRoles {
  /** The module's folder name under api/src/modules. */
  name: string;
}

/**
 * A module's manifest, checked against `ModuleManifest` (an unknown role is an error) and kept with its own type, so
 * that the root can check at compile time what the modules make (loaders.ts: every key of `Loaders` has a maker).
 */
export function defineModule<M extends ModuleManifest>(
  manifest: M & { readonly [K in Exclude<keyof M, keyof ModuleManifest>]: never },
): M {
  return manifest;
}
