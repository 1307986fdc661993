import { createLoader } from '../../kernel/loaders';
import { ReportKind } from './report.entity';
import { entrySummaries, itemKey, type EntrySummary } from './report.service';
import { reportableOf, type ReportedItem } from './reportables';

/**
 * Per request, for a page of the moderation queue: each entry's summary (one statement for the page) and each
 * entry's item (one batch per kind on the page: at most one per ReportKind, whatever the page's size).
 */
export function reportLoaders() {
  return {
    summary: createLoader<string, EntrySummary>(entrySummaries, (s) => s.key),
    item: createLoader<string, ReportedItem & { key: string }>(
      async (keys) => {
        const byKind = new Map<ReportKind, string[]>();
        for (const k of keys) {
          const [kind, id] = k.split('|') as [ReportKind, string];
          byKind.set(kind, [...(byKind.get(kind) ?? []), id]);
        }
        const loaded = await Promise.all(
          [...byKind].map(async ([kind, ids]) =>
            (await reportableOf(kind).load(ids)).map((item) => ({ ...item, key: itemKey(kind, item.id) })),
          ),
        );
        return loaded.flat();
      },
      (i) => i.key,
    ),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    reports: ReturnType<typeof reportLoaders>;
  }
}
