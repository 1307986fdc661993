const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * How old an article is, as the spec's news cards say it: days, hours, or 'Just now' (also when the feed gives no
 * date).
 */
export function newsAge(pubDate: string | null | undefined, now: number = Date.now()): string {
  const time = pubDate ? new Date(pubDate).getTime() : NaN;
  const diff = now - time;
  if (!Number.isFinite(diff) || diff < HOUR) return 'Just now';
  if (diff < DAY) {
    const h = Math.floor(diff / HOUR);
    return `${h} hour${h === 1 ? '' : 's'} ago`;
  }
  const d = Math.floor(diff / DAY);
  return `${d} day${d === 1 ? '' : 's'} ago`;
}
