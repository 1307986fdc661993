/** The lines of a multi-line text (ingredients, steps): trimmed, blank lines left out. */
export function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

export const POST_FAILED_TITLE = 'Upload Failed';
const POST_FAILED_DEFAULT = 'Failed to post recipe. Please try again.';
const LOG_IN_TO_POST = 'Please log in to post recipes';

/** The text of the 'Upload Failed' toast (spec 002 section 8): a message naming Unauthorized or 401 asks to log in. */
export function postFailureText(message: string | null | undefined): string {
  if (!message) return POST_FAILED_DEFAULT;
  if (/unauthori[sz]ed|unauthenticated|401|not signed in/i.test(message)) return LOG_IN_TO_POST;
  return message;
}

/** Adds picked files to the photos already chosen, keeping at most `max` (extra files are dropped). */
export function withinPhotoLimit<T>(chosen: readonly T[], picked: readonly T[], max: number): T[] {
  return [...chosen, ...picked].slice(0, max);
}
