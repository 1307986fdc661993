import { notFound } from '../../kernel/errors';
import { byIds, queryRows } from '../../kernel/rows';
import type { Reportable, ReportedItem } from '../reports/reportables';
import { DatingAlias } from './dating-alias.entity';

/**
 * A dating alias as the moderation queue shows it: its name, age, bio and photos, and never the member behind it
 * (`authorHidden`: the queue shows no author; the member still serves the own-content check and the moderator's
 * suspension). It has no page of its own to link to.
 */
const item = (a: DatingAlias): ReportedItem => ({
  id: a.id,
  authorId: a.memberId,
  authorHidden: true,
  text: `${a.aliasName}, ${a.age}\n${a.bio}`,
  mediaUrls: a.photos,
  url: null,
});

/**
 * Dating aliases: reported by a member who has an alias of their own (from Discover or a match's chat). A block
 * between the members' accounts changes nothing here (it would tell the reporter who is behind the alias; issue 24
 * finding 3). Removed as a whole: its photos, reactions and matches (their chats close).
 */
export const aliasReportable: Reportable = {
  load: async (ids) => (await byIds(DatingAlias, ids)).map(item),
  async reportable(viewer, id) {
    const [alias] = await byIds(DatingAlias, [id]);
    const [mine] = await queryRows<{ id: string }>(`SELECT id FROM dating_aliases WHERE member_id = $1`, [viewer.id]);
    if (!alias || !mine) throw notFound('Dating alias');
    return item(alias);
  },
  async remove(tx, id) {
    const gone: [Array<{ media: string[][] }>, number] = await tx.query(
      `DELETE FROM dating_aliases WHERE id = $1 RETURNING media`,
      [id],
    );
    return (gone[0][0]?.media ?? []).flat();
  },
};
