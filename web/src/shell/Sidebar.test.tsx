import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionProvider } from '../ui/session';
import { GraphQLError } from 'graphql';
import { SetFeatureEnabledDocument } from '../features/settings/settings.generated';
import { SettingsTab } from '../features/settings';
import { CachedSession, cacheWithMe, makeUser, renderWithProviders } from '../test/render';
import { Sidebar } from './Sidebar';
import { SidebarProvider } from './sidebar-context';

function renderSidebar(route = '/') {
  return renderWithProviders(
    <SessionProvider user={makeUser()}>
      <SidebarProvider>
        <Sidebar />
      </SidebarProvider>
    </SessionProvider>,
    { route },
  );
}

describe('Sidebar', () => {
  beforeEach(() => {
    document.cookie = 'sidebar_state=; path=/; max-age=0';
  });

  it('toggles with Ctrl+B and Cmd+B and keeps the state in the sidebar_state cookie', () => {
    renderSidebar();
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(document.cookie).toContain('sidebar_state=false');
    fireEvent.keyDown(window, { key: 'b', metaKey: true });
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it('starts collapsed when the cookie says so, and keeps icon links named', () => {
    document.cookie = 'sidebar_state=false; path=/';
    renderSidebar();
    expect(screen.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
    expect(screen.getByRole('link', { name: 'Marketplace' })).toHaveAttribute('href', '/marketplace');
  });

  it("marks Settings as the current page on the profile's Settings tab only, not on its other tabs", () => {
    const { unmount } = renderSidebar('/profile?tab=settings');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    unmount();
    renderSidebar('/profile?tab=vault');
    expect(screen.getByRole('link', { name: 'Settings' })).not.toHaveAttribute('aria-current', 'page');
  });

  it('toggles with the trigger button', async () => {
    const user = userEvent.setup();
    renderSidebar();
    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    expect(screen.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
  });

  it('lists the main menu in the spec order', () => {
    renderSidebar();
    const main = screen.getByRole('navigation', { name: 'Main menu' });
    const labels = Array.from(main.querySelectorAll('a')).map((a) => a.textContent);
    expect(labels).toEqual([
      'Home',
      'Business',
      'Reels',
      'Explore',
      'Messages',
      'Events',
      'Discover Check-ins',
      'Marketplace',
      'Discover Groups',
    ]);
  });

  describe("'My Features' follows the member's stored choice", () => {
    const myFeatures = () =>
      Array.from(within(screen.getByTestId('my-features')).getAllByRole('link')).map((a) => a.textContent);
    const renderWithSettings = (mocks: Parameters<typeof renderWithProviders>[1] = {}) =>
      renderWithProviders(
        <CachedSession>
          <SidebarProvider>
            <Sidebar />
            <SettingsTab />
          </SidebarProvider>
        </CachedSession>,
        { ...mocks, cache: cacheWithMe(makeUser({ enabledFeatures: ['klets', 'jobs'] })) },
      );

    it("shows the member's features", () => {
      renderWithSettings();
      expect(myFeatures()).toEqual(['Local Community Chats', 'Jobs']);
    });

    it('changes at once with a toggle in Settings, and goes back when the server refuses', async () => {
      const user = userEvent.setup();
      const set = (feature: string, enabled: boolean, result: object) => ({
        request: { query: SetFeatureEnabledDocument, variables: { feature, enabled } },
        result,
        delay: 20,
      });
      renderWithSettings({
        mocks: [
          set('news', true, {
            data: { setFeatureEnabled: { __typename: 'User', id: 'u1', enabledFeatures: ['klets', 'jobs', 'news'] } },
          }),
          set('klets', false, { errors: [new GraphQLError('Too many requests')] }),
        ],
      });
      await user.click(screen.getByRole('switch', { name: 'News' }));
      await waitFor(() => expect(myFeatures()).toEqual(['Local Community Chats', 'Jobs', 'News']));
      await user.click(screen.getByRole('switch', { name: 'Klets' }));
      expect(await screen.findByText('Too many requests')).toBeInTheDocument();
      await waitFor(() => expect(myFeatures()).toEqual(['Local Community Chats', 'Jobs', 'News']));
    });
  });
});
