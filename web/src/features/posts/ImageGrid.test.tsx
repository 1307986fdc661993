import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { ImageGrid } from './ImageGrid';
import { makeImages } from './testing';

describe('ImageGrid', () => {
  it.each([1, 2, 3, 4, 5])('lays out %i photos with one tile each and no +N', (count) => {
    renderWithProviders(<ImageGrid images={makeImages(count)} authorName="Sipho" />);
    const grid = screen.getByTestId('image-grid');
    expect(grid).toHaveAttribute('data-layout', String(count));
    expect(within(grid).getAllByTestId('image-grid-tile')).toHaveLength(count);
    expect(screen.queryByTestId('image-grid-more')).not.toBeInTheDocument();
  });

  it('shows the first 5 of 8 photos and +3 on the fifth', () => {
    renderWithProviders(<ImageGrid images={makeImages(8)} authorName="Sipho" />);
    const grid = screen.getByTestId('image-grid');
    expect(grid).toHaveAttribute('data-layout', '5');
    const tiles = within(grid).getAllByTestId('image-grid-tile');
    expect(tiles).toHaveLength(5);
    expect(within(tiles[4]).getByTestId('image-grid-more')).toHaveTextContent('+3');
    expect(tiles[4]).toHaveAccessibleName('Open photo 5 of 8, 3 more');
  });

  it('uses thumbnails in the grid and opens the full photo in a lightbox', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ImageGrid images={makeImages(2)} authorName="Sipho" />);
    const tiles = screen.getAllByTestId('image-grid-tile');
    expect(tiles[1].querySelector('img')).toHaveAttribute('src', '/media/photo-2.thumb.jpg');
    await user.click(screen.getByRole('button', { name: 'Open photo 2 of 2' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/media/photo-2.jpg');
    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/media/photo-1.jpg');
    await user.keyboard('{Escape}');
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
  });

  it('falls back to the full photo when there is no thumbnail', () => {
    renderWithProviders(<ImageGrid images={[{ url: '/media/a.jpg', thumbnailUrl: null }]} authorName="Sipho" />);
    expect(screen.getByTestId('image-grid-tile').querySelector('img')).toHaveAttribute('src', '/media/a.jpg');
  });
});
