import DataLoader from 'dataloader';

/**
 * Builds a DataLoader whose batch function may return rows in any order and with gaps:
 * results are put back in key order, `null` where no row matched.
 */
export function createLoader<K, V>(
  fetch: (keys: readonly K[]) => Promise<V[]>,
  keyOf: (row: V) => K,
  options: { cacheKey?: (key: K) => unknown } = {},
): DataLoader<K, V | null> {
  return new DataLoader<K, V | null, unknown>(
    async (keys) => {
      const rows = await fetch(keys);
      const byKey = new Map<unknown, V>();
      const ck = options.cacheKey ?? ((k: K) => k);
      for (const row of rows) byKey.set(ck(keyOf(row)), row);
      return keys.map((k) => byKey.get(ck(k)) ?? null);
    },
    { cacheKeyFn: options.cacheKey, maxBatchSize: 500 },
  );
}

/** Groups rows under their key, for one-to-many relations: every key gets a (possibly empty) list. */
export function createGroupLoader<K, V>(
  fetch: (keys: readonly K[]) => Promise<V[]>,
  keyOf: (row: V) => K,
): DataLoader<K, V[]> {
  return new DataLoader<K, V[]>(
    async (keys) => {
      const rows = await fetch(keys);
      const groups = new Map<K, V[]>();
      for (const row of rows) {
        const k = keyOf(row);
        const list = groups.get(k);
        if (list) list.push(row);
        else groups.set(k, [row]);
      }
      return keys.map((k) => groups.get(k) ?? []);
    },
    { maxBatchSize: 500 },
  );
}
