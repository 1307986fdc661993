import { createLoader } from '../../kernel/loaders';
import { asEntities, byIds, queryRows, selectColumns } from '../../kernel/rows';
import { DatingAlias } from './dating-alias.entity';
import { DatingMatch } from './dating-match.entity';

export function datingLoaders() {
  return {
    aliasById: createLoader<string, DatingAlias>(
      (ids) => byIds(DatingAlias, ids),
      (a) => a.id,
    ),
    /** A member's alias (a member has at most one). */
    aliasByMember: createLoader<string, DatingAlias>(
      (ids) =>
        queryRows(
          `SELECT ${selectColumns(DatingAlias, 't')} FROM dating_aliases t WHERE t.member_id = ANY($1::uuid[])`,
          [ids],
        ).then((rows) => asEntities(DatingAlias, rows)),
      (a) => a.memberId,
    ),
    matchById: createLoader<string, DatingMatch>(
      (ids) => byIds(DatingMatch, ids),
      (m) => m.id,
    ),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    dating: ReturnType<typeof datingLoaders>;
  }
}
