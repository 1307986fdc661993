import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MeDocument } from '../ui/session.generated';
import { SupportAnswersUnreadDocument } from '../features/support/support.generated';
import { App } from '../app/App';
import { fakeMatchMedia } from '../test/matchMedia';
import { makeUser, renderWithProviders } from '../test/render';
import { pageNavigation } from '../lib/navigation';

const original = window.matchMedia;

describe('mobile layout', () => {
  beforeEach(() => {
    window.matchMedia = vi.fn(fakeMatchMedia((query) => query.includes('max-width')));
  });
  afterEach(() => {
    window.matchMedia = original;
  });

  it('replaces the sidebar with a sheet menu and a bottom bar', async () => {
    const user = userEvent.setup();
    renderWithProviders(<App />, { mocks: [{ request: { query: MeDocument }, result: { data: { me: makeUser() } } }] });
    const bottom = await screen.findByTestId('bottom-bar');
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox', { name: 'Search Saffa' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Bottom navigation' })).toBe(bottom);
    expect(
      within(bottom)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Business', 'Reels', 'Explore', 'Messages']);

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const sheet = await screen.findByTestId('mobile-sheet');
    expect(within(sheet).getByRole('link', { name: 'Local Community Chats' })).toHaveAttribute('href', '/klets');
    expect(within(sheet).getByRole('heading', { name: 'Your Groups' })).toBeInTheDocument();
    expect(within(sheet).getByRole('link', { name: 'Discover' })).toHaveAttribute('href', '/discover-groups');

    await user.click(within(sheet).getByRole('link', { name: 'Jobs' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Jobs' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('mobile-sheet')).not.toBeInTheDocument());
  });

  it("the sheet has Settings (the profile's Settings tab), Contact support and Logout, which signs out like the desktop menu", async () => {
    const user = userEvent.setup();
    renderWithProviders(<App />, { mocks: [{ request: { query: MeDocument }, result: { data: { me: makeUser() } } }] });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const sheet = await screen.findByTestId('mobile-sheet');
    expect(within(sheet).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/profile?tab=settings');
    expect(within(sheet).getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');

    // Signing out is a browser navigation to the server's logout route (jsdom cannot follow it).
    const go = vi.spyOn(pageNavigation, 'go').mockImplementation(() => undefined);
    await user.click(within(sheet).getByRole('button', { name: 'Logout' }));
    expect(go).toHaveBeenCalledExactlyOnceWith('/api/logout');
  });

  it("the sheet's Contact support shows the answers from support not yet read, asked when the sheet opens", async () => {
    const user = userEvent.setup();
    renderWithProviders(<App />, {
      mocks: [
        { request: { query: MeDocument }, result: { data: { me: makeUser() } } },
        { request: { query: SupportAnswersUnreadDocument }, result: { data: { supportUnreadCount: 2 } } },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const sheet = await screen.findByTestId('mobile-sheet');
    const support = within(sheet).getByRole('link', { name: /^Contact support/ });
    expect(await within(support).findByLabelText('2 unread answers')).toHaveTextContent('2');
  });

  it("the sheet's Radio entry opens the floating radio player (closed at start on phones) and closes the sheet", async () => {
    const user = userEvent.setup();
    renderWithProviders(<App />, { mocks: [{ request: { query: MeDocument }, result: { data: { me: makeUser() } } }] });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect(screen.queryByTestId('floating-radio')).not.toBeInTheDocument();
    const sheet = await screen.findByTestId('mobile-sheet');
    expect(within(sheet).queryByRole('link', { name: 'Radio' })).not.toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Radio' }));
    const player = await screen.findByTestId('floating-radio');
    expect(within(player).getByRole('combobox', { name: 'Station' })).toHaveValue('jacaranda-fm');
    await waitFor(() => expect(screen.queryByTestId('mobile-sheet')).not.toBeInTheDocument());
    await user.click(within(player).getByRole('button', { name: 'Close radio player' }));
    expect(screen.queryByTestId('floating-radio')).not.toBeInTheDocument();
  });

  it('Settings in the sheet opens the profile on its Settings tab and closes the sheet', async () => {
    const user = userEvent.setup();
    renderWithProviders(<App />, { mocks: [{ request: { query: MeDocument }, result: { data: { me: makeUser() } } }] });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const sheet = await screen.findByTestId('mobile-sheet');
    await user.click(within(sheet).getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('mobile-sheet')).not.toBeInTheDocument());
  });
});
