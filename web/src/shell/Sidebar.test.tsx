import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionProvider } from '../ui/session';
import { makeUser, renderWithProviders } from '../test/render';
import { Sidebar } from './Sidebar';
import { SidebarProvider } from './sidebar-context';

function renderSidebar() {
  return renderWithProviders(
    <SessionProvider user={makeUser()}>
      <SidebarProvider>
        <Sidebar />
      </SidebarProvider>
    </SessionProvider>,
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
});
