import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import NotFoundScreen from './NotFoundScreen';

describe('NotFoundScreen', () => {
  it('shows the 404 heading and the router hint', () => {
    renderWithProviders(<NotFoundScreen />);
    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });
});
