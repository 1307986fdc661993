import { registerEnumType } from 'type-graphql';
import { Business } from '../businesses/business.entity';
import { Event } from '../events/event.entity';
import { Group } from '../groups/group.entity';
import { JobVacancy } from '../jobs/job-vacancy.entity';
import { notBlockedSql } from '../blocks/block.service';
import { User } from '../users/user.entity';

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

/** A kind of searchable row: which entity, which of its rows anyone may find, and the texts it is found by. */
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

const OPEN_JOB = 't.is_active AND (t.application_deadline IS NULL OR t.application_deadline >= CURRENT_DATE)';

/** Every searchable kind, one small declaration each. */
export const SEARCH_KINDS: readonly SearchKindDeclaration[] = [
  // Never a member either side of a block with the viewer.
  {
    kind: SearchKind.people,
    entity: User,
    visible: 'true',
    visibleTo: (viewer) => notBlockedSql(viewer, 't.id'),
    fields: [{ sql: memberName('t') }],
  },
  {
    kind: SearchKind.businesses,
    entity: Business,
    visible: 'true',
    fields: [{ sql: 't.name::text' }, { sql: 't.category' }],
  },
  {
    kind: SearchKind.events,
    entity: Event,
    visible: 'NOT t.is_cancelled',
    visibleTo: (viewer) => notBlockedSql(viewer, 't.host_id'),
    fields: [{ sql: 't.title' }, { sql: 't.category' }, { sql: 't.location' }],
  },
  {
    kind: SearchKind.groups,
    entity: Group,
    visible: 'true',
    fields: [{ sql: 't.name' }, { sql: 't.type' }, { sql: 't.location_name' }],
  },
  {
    kind: SearchKind.jobs,
    entity: JobVacancy,
    visible: OPEN_JOB,
    // The company is the business page's name, or the poster's name for a job posted under their own name.
    fields: [
      { sql: 't.title' },
      { sql: 't.location' },
      { sql: 'b.name::text', join: 'JOIN businesses b ON b.id = t.business_id' },
      { sql: memberName('u'), join: 'JOIN users u ON u.id = t.poster_id AND t.business_id IS NULL' },
    ],
  },
];

export function searchKind(kind: SearchKind): SearchKindDeclaration {
  const found = SEARCH_KINDS.find((k) => k.kind === kind);
  if (!found) throw new Error(`no search kind ${kind}`);
  return found;
}
