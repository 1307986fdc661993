/**
 * Full-page navigations that leave the single-page app for a server route (signing out, an OAuth provider). One
 * object, so a test can watch them with `vi.spyOn(pageNavigation, 'go')`: jsdom cannot follow them.
 */
export const pageNavigation = {
  go(url: string): void {
    window.location.href = url;
  },
};
