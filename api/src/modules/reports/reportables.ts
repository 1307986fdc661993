import type { EntityManager, ObjectLiteral } from 'typeorm';
import type { Viewer } from '../../kernel/context';
import { badInput, notFound } from '../../kernel/errors';
import { byIds, queryRows, type EntityClass } from '../../kernel/rows';
import { notBlockedSql } from '../blocks/block.service';
import type { ReportKind } from './report.entity';

/** A reported item as the moderation queue shows it. */
export interface ReportedItem {
  id: string;
  /** Who wrote or owns it (null when the account is gone). */
  authorId: string | null;
  /**
   * True when admins must not see who is behind it (a dating alias): the queue shows the item without its author,
   * while `authorId` still serves the own-content check and the moderator's actions (suspending the author).
   */
  authorHidden?: boolean;
  text: string;
  /** Its public media (`/media/...` URLs: photos, a video, a reel's thumbnail), for the queue's thumbnails. */
  mediaUrls: string[];
  /**
   * Where the app shows this exact item (a path with the query that opens it:
   * `/recipes?id={recipe}&comment={comment}`), written by the kind itself; null when it has no page of its own (a
   * direct message).
   */
  url: string | null;
}

/**
 * What the reports module needs to know about one kind of content. Each content module writes its own (posts,
 * comments, reels, recipes, businesses' reviews, marketplace, groups, messages) next to its service and the
 * composition root registers it (declared in the module's manifest: `reportables`), so reports imports none of them.
 */
export interface Reportable {
  /**
   * The items of these ids as admins see them (no visibility rule): absent ones are gone. A bounded number of
   * statements for any number of ids.
   */
  load(ids: readonly string[]): Promise<ReportedItem[]>;
  /**
   * The item as `viewer` may report it. NOT_FOUND (the kernel's `notFound`) when it does not exist or the viewer
   * cannot see it: blocked either way, a group chat they are not a member of, a conversation they are not in.
   * FORBIDDEN when they may see it but not report it (a direct message they sent). Reporting one's own item
   * (`authorId`) is refused by the reports module.
   */
  reportable(viewer: Viewer, id: string): Promise<ReportedItem>;
  /**
   * Deletes the item through its module's own delete path, in the admin's transaction `tx`; answers the media
   * files to delete once that transaction has committed ([] when it was already gone).
   */
  remove(tx: EntityManager, id: string): Promise<string[]>;
}

declare module '../../kernel/module' {
  interface ModuleRoles {
    /** The kinds of this module's content members can report, each with its rules (registered by the root). */
    reportables?: { readonly [K in ReportKind]?: Reportable };
  }
}

const registry = new Map<ReportKind, Reportable>();

/** Makes a kind reportable (from the composition root); registering it again replaces it (tests may). */
export function registerReportable(kind: ReportKind, reportable: Reportable): void {
  registry.set(kind, reportable);
}

/** The rules of a kind; BAD_USER_INPUT when nothing of that kind can be reported yet. */
export function reportableOf(kind: ReportKind): Reportable {
  const r = registry.get(kind);
  if (!r) throw badInput('kind', 'cannot be reported');
  return r;
}

/**
 * The common rule of what a member can see to report: the item exists, and neither the viewer nor any of `people`
 * (its author, and e.g. the author of the post a comment is on) blocked the other; NOT_FOUND (`what not found`)
 * otherwise. The viewer's own item passes (the reports module refuses it as their own content).
 */
export async function seenBy(
  viewer: Viewer,
  what: string,
  item: ReportedItem | undefined,
  people: Array<string | null> = [item?.authorId ?? null],
): Promise<ReportedItem> {
  if (!item) throw notFound(what);
  const others = [...new Set(people.filter((p): p is string => !!p && p !== viewer.id))];
  if (others.length && (await blockedWithAny(viewer.id, others))) throw notFound(what);
  return item;
}

/**
 * Whether a block stands between the viewer and any of `others`, or one of them is suspended (their content is hidden).
 */
async function blockedWithAny(viewerId: string, others: string[]): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    `SELECT 1 AS one FROM unnest($2::uuid[]) AS o(id) WHERE NOT ${notBlockedSql('$1::uuid', 'o.id')} LIMIT 1`,
    [viewerId, others],
  );
  return rows.length > 0;
}

/**
 * A kind stored as one entity, read by id with `byIds`: seen unless a block stands between the viewer and its
 * author (`seenBy`), shown as `item` says, removed by the module's `remove`.
 */
export function entityReportable<T extends ObjectLiteral>(
  entity: EntityClass<T>,
  what: string,
  item: (row: T) => ReportedItem,
  remove: Reportable['remove'],
): Reportable {
  return rowReportable({ what, rows: (ids) => byIds(entity, ids), item, remove });
}

/**
 * A kind read with its own statement (`rows` by ids, joined to what it hangs on): seen unless a block stands between
 * the viewer and any of `people(row)` (its author by default, e.g. also the author of the post a comment is on).
 */
export function rowReportable<R>(kind: {
  what: string;
  rows: (ids: readonly string[]) => Promise<R[]>;
  item: (row: R) => ReportedItem;
  people?: (row: R) => Array<string | null>;
  remove: Reportable['remove'];
}): Reportable {
  return {
    load: async (ids) => (await kind.rows(ids)).map(kind.item),
    async reportable(viewer, id) {
      const [row] = await kind.rows([id]);
      const item = row && kind.item(row);
      return seenBy(viewer, kind.what, item, row && kind.people ? kind.people(row) : [item?.authorId ?? null]);
    },
    remove: kind.remove,
  };
}
