import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { CountBadge, formatCount } from './CountBadge';

describe('CountBadge', () => {
  it('renders nothing at zero or without a count', () => {
    const { container } = renderWithProviders(
      <div data-testid="box">
        <CountBadge count={0} />
        <CountBadge count={null} />
      </div>,
    );
    expect(container.querySelector('[data-testid=box]')).toBeEmptyDOMElement();
  });

  it('shows live counts, capped at 99+', () => {
    renderWithProviders(<CountBadge count={3} label="unread messages" />);
    expect(screen.getByText('3')).toHaveAttribute('aria-label', '3 unread messages');
    expect(formatCount(150)).toBe('99+');
    expect(formatCount(-1)).toBeNull();
  });
});
