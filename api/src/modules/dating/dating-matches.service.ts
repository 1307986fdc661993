import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import { keysetPage, type Page } from '../../kernel/pagination';
import { DatingAlias } from './dating-alias.entity';
import { DatingMatch } from './dating-match.entity';
import { datingPolicy } from './dating.policy';
import { aliasVisibleSql, aliases, matches, myAlias, requireAlias } from './dating.service';

/** The match as one side sees it: `otherAliasId` is the other side's alias. */
export function withOther(match: DatingMatch, myAliasId: string): DatingMatch {
  match.otherAliasId = match.firstAliasId === myAliasId ? match.secondAliasId : match.firstAliasId;
  return match;
}

/**
 * The viewer's matches, newest first: not the ended ones (unmatched, or a block between the aliases), nor one whose
 * other alias is kept from the viewer by its owner (`aliasVisibleSql`; the viewer's own blocks change nothing).
 */
export async function myMatches(
  viewer: Viewer | null,
  args: { first?: number | null; after?: string | null },
): Promise<Page<DatingMatch>> {
  const me = await myAlias(viewer);
  if (!me) return { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } };
  const page = await keysetPage(
    matches()
      .createQueryBuilder('m')
      .where('(m.first_alias_id = :me OR m.second_alias_id = :me)', { me: me.id })
      .andWhere('m.ended_at IS NULL')
      .andWhere(
        `NOT EXISTS (SELECT 1 FROM dating_aliases o WHERE o.id IN (m.first_alias_id, m.second_alias_id) AND o.id <> ` +
          `:me AND NOT ${aliasVisibleSql(':viewerId', ':me', 'o.member_id', 'o.id')})`,
        { viewerId: me.memberId },
      ),
    'm',
    args,
  );
  page.nodes.forEach((n) => withOther(n, me.id));
  return page;
}

/** The viewer's match of this id (as they see it), NOT_FOUND when there is none or they are not in it. */
async function matchOf(me: DatingAlias, matchId: string): Promise<DatingMatch> {
  const match = await matches().findOneBy({ id: checkUuid(matchId, 'matchId') });
  if (!match || !datingPolicy.isInMatch(me.id, match)) throw notFound('Dating match');
  return withOther(match, me.id);
}

/**
 * Unmatch: ends the match for both sides (it leaves both lists, and its chat takes no new message: `assertChatOpen`).
 * Either side may; ending an ended match changes nothing. The two aliases keep their reactions, so they do not
 * meet again in Discover nor match again.
 */
export async function unmatch(viewer: Viewer | null, matchId: string): Promise<DatingMatch> {
  const me = await requireAlias(viewer);
  const match = await matchOf(me, matchId);
  if (match.endedAt) return match;
  await db().query(`UPDATE dating_matches SET ended_at = now() WHERE id = $1 AND ended_at IS NULL`, [match.id]);
  return matchOf(me, match.id);
}

/**
 * Blocks another alias: it never appears to the viewer again (a 'block' reaction from the viewer's alias replaces any
 * like, wink or pass, so no match can form), the viewer's alias no longer appears to it (`aliasVisibleSql`), and a
 * match between the two ends, closing its chat for both. Nothing of the members behind the aliases is involved.
 */
export async function blockAlias(viewer: Viewer | null, aliasId: string): Promise<boolean> {
  const me = await requireAlias(viewer);
  const id = checkUuid(aliasId, 'aliasId');
  if (id === me.id) throw badInput('aliasId', 'must be another alias');
  const target = await aliases().findOneBy({ id });
  if (!target) throw notFound('Dating alias');
  const [first, second] = me.id < target.id ? [me.id, target.id] : [target.id, me.id];
  await db().transaction(async (m) => {
    await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`dating:${first}:${second}`]);
    await m.query(
      `INSERT INTO dating_reactions (from_alias_id, to_alias_id, kind) VALUES ($1, $2, 'block')
       ON CONFLICT (from_alias_id, to_alias_id) DO UPDATE SET kind = 'block'`,
      [me.id, target.id],
    );
    await m.query(
      `UPDATE dating_matches SET ended_at = now() WHERE first_alias_id = $1 AND second_alias_id = $2 AND ended_at IS ` +
        `NULL`,
      [first, second],
    );
  });
  return true;
}
