const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/**
 * How long ago something happened, for posts and comments: 'just now' under a minute (or when there is no time,
 * spec 000 section 2), then minutes, hours, days and weeks; after four weeks the date ('3 Mar', or '3 Mar 2023'
 * in another year). A time in the future (clock skew) also reads 'just now'.
 */
export function relativeTime(
  value: string | number | Date | null | undefined,
  now: Date | number = Date.now(),
): string {
  if (value === null || value === undefined || value === '') return 'just now';
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return 'just now';
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const diff = nowMs - time;
  if (diff < MINUTE) return 'just now';
  if (diff < HOUR) return plural(Math.floor(diff / MINUTE), 'minute');
  if (diff < DAY) return plural(Math.floor(diff / HOUR), 'hour');
  if (diff < WEEK) return plural(Math.floor(diff / DAY), 'day');
  if (diff < 4 * WEEK) return plural(Math.floor(diff / WEEK), 'week');
  const sameYear = date.getFullYear() === new Date(nowMs).getFullYear();
  const day = `${date.getDate()} ${MONTHS[date.getMonth()]}`;
  return sameYear ? day : `${day} ${date.getFullYear()}`;
}
