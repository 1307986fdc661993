import { loadConfig, type Config } from '../config';

/** The running configuration. Boot (or a test) may replace it; everything else reads it here. */
let current: Config = loadConfig();

export const settings = (): Config => current;

export function useSettings(next: Config): void {
  current = next;
}
