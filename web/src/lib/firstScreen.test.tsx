import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { endFirstScreen, FIRST_SCREEN_ITEMS, startFirstScreen, useFirstScreenItems } from './firstScreen';

const ITEMS = Array.from({ length: 10 }, (_, i) => `item ${i + 1}`);

function List({ items = ITEMS }: { items?: string[] }) {
  const shown = useFirstScreenItems(items);
  return (
    <ul aria-busy={!shown.complete}>
      {shown.items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

afterEach(endFirstScreen);

describe('useFirstScreenItems', () => {
  it("renders every item at once outside the page's first render", () => {
    render(<List />);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'false');
  });

  it('in the first render shows the first items, then all of them after the frame', async () => {
    startFirstScreen();
    render(<List />);
    expect(screen.getAllByRole('listitem')).toHaveLength(FIRST_SCREEN_ITEMS);
    expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('item 10')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'false');
  });

  it('a short list is complete at once, and lists mounted after the first render are whole', () => {
    startFirstScreen();
    const { unmount } = render(<List items={ITEMS.slice(0, 2)} />);
    expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'false');
    unmount();
    endFirstScreen();
    render(<List />);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
  });
});
