import { registerEnumType } from 'type-graphql';

/** What Explore's tabs and the top bar's search look through. */
export enum SearchKind {
  people = 'people',
  businesses = 'businesses',
  events = 'events',
  groups = 'groups',
  jobs = 'jobs',
}
registerEnumType(SearchKind, { name: 'SearchKind', description: "The kinds of rows Explore's search finds" });

/**
 * One text a kind is found by: an SQL expression over the row `t`, or over a row `join` brings in. Every field
 * needs a pg_trgm GIN index on exactly this expression (migration SearchTrigramIndexes), since each field is its
 * own indexed branch of the search (search.service.ts).
 */
export interface SearchField {
  sql: string;
  join?: string;
}

/**
 * A kind of searchable row (declared by the module that owns it, in its manifest): which entity, which of its rows
 * anyone may find, and the texts it is found by.
 */
export interface SearchKindDeclaration {
  kind: SearchKind;
  entity: { new (): object; prototype: object; name: string };
  /** SQL over `t`: the rows a member may find (the same condition as the kind's own browse list). */
  visible: string;
  /** SQL over `t` with the viewer's id as `viewerParam`: the rows this viewer may find (a blocked member's, not). */
  visibleTo?: (viewerParam: string) => string;
  fields: SearchField[];
}

/**
 * A member's name as the people kind searches it: the expression of IDX_users_name_trgm. The e-mail is never a
 * field: nobody finds a member by their address.
 */
export const memberName = (alias: string) =>
  `(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, ''))`;

declare module '../../kernel/module' {
  interface ModuleRoles {
    /** The kinds of this module's rows Explore's search finds (registered by the root). */
    searchKinds?: ReadonlyArray<SearchKindDeclaration>;
  }
}

const registered = new Map<SearchKind, SearchKindDeclaration>();

/**
 * Makes a kind searchable (from the composition root, which reads every module's `searchKinds`); registering a kind
 * again replaces it. A kind the SearchKind enum does not name yet becomes one of its values (a test's own module).
 */
export function registerSearchKind(declaration: SearchKindDeclaration): void {
  const values = SearchKind as Record<string, string>;
  if (!Object.values(values).includes(declaration.kind)) values[declaration.kind] = declaration.kind;
  registered.set(declaration.kind, declaration);
}

/** Every searchable kind, in the SearchKind enum's order (the SDL's SearchResult lists its types in this order). */
export function searchKinds(): SearchKindDeclaration[] {
  const order = Object.values(SearchKind as Record<string, string>);
  return [...registered.values()].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
}

export function searchKind(kind: SearchKind): SearchKindDeclaration {
  const found = registered.get(kind);
  if (!found) throw new Error(`no search kind ${kind}`);
  return found;
}
