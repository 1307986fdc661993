/** Sidebar open/closed state, kept in a cookie for 7 days (spec 000 section 9). */
const SIDEBAR_COOKIE = 'sidebar_state';
const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

/** Reads the cookie header string; the sidebar is open unless the cookie says "false". */
export function readSidebarOpen(cookie: string): boolean {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SIDEBAR_COOKIE) return rest.join('=') !== 'false';
  }
  return true;
}

export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** True for Ctrl+B (or Cmd+B on a Mac), the sidebar shortcut. */
export function isSidebarShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'b';
}
