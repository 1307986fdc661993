import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { KletsUnreadChangedDocument, KletsUnreadDocument } from './groups.generated';
import { useShellCounts } from '../../ui/counts';
import { renderWithProviders } from '../../test/render';
import { KletsUnreadProvider } from './KletsUnreadProvider';

function Badge() {
  return <span data-testid="klets">{useShellCounts().kletsUnread}</span>;
}

describe('KletsUnreadProvider', () => {
  it("gives the shell the member's Klets unread count, then the live one", async () => {
    renderWithProviders(
      <KletsUnreadProvider>
        <Badge />
      </KletsUnreadProvider>,
      {
        mocks: [
          { request: { query: KletsUnreadDocument }, result: { data: { kletsUnread: 3 } } },
          { request: { query: KletsUnreadChangedDocument }, result: { data: { kletsUnreadChanged: 4 } }, delay: 300 },
        ],
      },
    );
    expect(screen.getByTestId('klets')).toHaveTextContent('0');
    expect(await screen.findByText('3')).toBeInTheDocument();
    // The subscription's count replaces the query's (both through the cache).
    expect(await screen.findByText('4')).toBeInTheDocument();
  });
});
