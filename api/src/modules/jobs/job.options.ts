import { badInput } from '../../kernel/errors';

/** The spec's option lists (001 section 5): what a vacancy may say, as it is stored and shown. */
export const JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Internship', 'Remote'] as const;
export const EXPERIENCE_LEVELS = ['Entry Level', 'Mid Level', 'Senior Level', 'Executive'] as const;
export const CURRENCIES = ['ZAR', 'USD', 'EUR', 'GBP', 'AUD', 'CAD', 'JPY', 'INR'] as const;
export const DEFAULT_CURRENCY = 'ZAR';

const key = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * One of `options`, matched without regard to case, spaces, dashes or underscores ('full-time', 'Full-time' and
 * 'FULL_TIME' are one type: the board's form sends lower case, the vacancy form the labels); null when blank.
 */
export function optionOf<T extends string>(options: readonly T[], value: unknown, field: string): T | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw badInput(field, 'must be text');
  if (!value.trim()) return null;
  const found = options.find((o) => key(o) === key(value));
  if (!found) throw badInput(field, `must be one of ${options.join(', ')}`);
  return found;
}
