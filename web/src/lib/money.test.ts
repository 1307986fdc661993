import { describe, expect, it } from 'vitest';
import { formatRand } from './money';

describe('formatRand', () => {
  it('shows rand with the R sign, thousands grouped, cents only when there are some', () => {
    expect(formatRand(0)).toBe('R 0');
    expect(formatRand(850)).toBe('R 850');
    expect(formatRand(1200).replace(/\s/g, ' ')).toBe('R 1 200');
    expect(formatRand(99.5).replace(/\s/g, ' ')).toBe('R 99,50');
    expect(formatRand(1234567.25).replace(/\s/g, ' ')).toBe('R 1 234 567,25');
  });
});
