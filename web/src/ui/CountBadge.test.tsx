import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { CountBadge, formatCount, nameWithCount } from './CountBadge';

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

  it('puts the number a button shows into its accessible name ("Notifications, 3 unread")', () => {
    expect(nameWithCount('Notifications', 3, 'unread')).toBe('Notifications, 3 unread');
    expect(nameWithCount('Friends', 120, 'requests')).toBe('Friends, 99+ requests');
    expect(nameWithCount('Notifications', 0, 'unread')).toBe('Notifications');
    expect(nameWithCount('Friends', undefined, 'requests')).toBe('Friends');
  });
});
