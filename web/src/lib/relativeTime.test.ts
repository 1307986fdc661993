import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime';

const now = new Date(2024, 5, 15, 12, 0, 0); // 15 Jun 2024, 12:00 local time
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it("reads 'just now' without a time, for an invalid time and under a minute", () => {
    expect(relativeTime(null, now)).toBe('just now');
    expect(relativeTime(undefined, now)).toBe('just now');
    expect(relativeTime('', now)).toBe('just now');
    expect(relativeTime('not a date', now)).toBe('just now');
    expect(relativeTime(ago(0), now)).toBe('just now');
    expect(relativeTime(ago(59_000), now)).toBe('just now');
  });

  it("reads 'just now' for a time slightly in the future", () => {
    expect(relativeTime(ago(-30_000), now)).toBe('just now');
  });

  it('counts minutes, hours, days and weeks with singular and plural', () => {
    expect(relativeTime(ago(MIN), now)).toBe('1 minute ago');
    expect(relativeTime(ago(59 * MIN), now)).toBe('59 minutes ago');
    expect(relativeTime(ago(HOUR), now)).toBe('1 hour ago');
    expect(relativeTime(ago(23 * HOUR), now)).toBe('23 hours ago');
    expect(relativeTime(ago(DAY), now)).toBe('1 day ago');
    expect(relativeTime(ago(6 * DAY), now)).toBe('6 days ago');
    expect(relativeTime(ago(7 * DAY), now)).toBe('1 week ago');
    expect(relativeTime(ago(27 * DAY), now)).toBe('3 weeks ago');
  });

  it('shows the date after four weeks, with the year only when it differs', () => {
    expect(relativeTime(new Date(2024, 2, 3, 9, 0), now)).toBe('3 Mar');
    expect(relativeTime(new Date(2023, 11, 25, 9, 0), now)).toBe('25 Dec 2023');
  });

  it('accepts dates and epoch milliseconds', () => {
    expect(relativeTime(new Date(now.getTime() - 5 * MIN), now.getTime())).toBe('5 minutes ago');
    expect(relativeTime(now.getTime() - 2 * HOUR, now)).toBe('2 hours ago');
  });
});
