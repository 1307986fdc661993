import { asEntities, byIds, queryRows, selectColumns } from '../../kernel/rows';
import { createLoader } from '../../kernel/loaders';
import { notBlockedSql } from '../blocks/block.service';
import { User } from './user.entity';

export function userLoaders(viewerId: string | null) {
  return {
    byId: createLoader<string, User>(
      (ids) => byIds(User, ids),
      (u) => u.id,
    ),
    /**
     * Members as the viewer may see them: none that either blocked the other (a blocked pair's profiles are "not
     * found" to each other). One statement for every member asked about.
     */
    seenByViewer: createLoader<string, User>(
      async (ids) =>
        asEntities(
          User,
          await queryRows(
            `SELECT ${selectColumns(User, 't')} FROM users t WHERE t.id = ANY($1::uuid[]) ` +
              `AND ${notBlockedSql('$2::uuid', 't.id')}`,
            [ids, viewerId],
          ),
        ),
      (u) => u.id,
    ),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    users: ReturnType<typeof userLoaders>;
  }
}
