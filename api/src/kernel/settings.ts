import { loadConfig, type Config } from '../config';

/**
 * The running configuration. Boot (or a test) may replace it; everything else reads it here. Read from the
 * environment on first use, not on import: a wrong variable then reaches main()'s one-line start-up failure.
 */
let current: Config | null = null;

export const settings = (): Config => (current ??= loadConfig());

export function useSettings(next: Config): void {
  current = next;
}
