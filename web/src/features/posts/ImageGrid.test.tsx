import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { ImageGrid, PHOTO_SIZES, srcSetOf } from './ImageGrid';
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

  it('shows a single photo whole at the width the screen needs: WebP and JPEG srcsets, its own size, no crop', () => {
    renderWithProviders(<ImageGrid images={makeImages(1)} authorName="Sipho" />);
    const tile = screen.getByTestId('image-grid-tile');
    const source = tile.querySelector('picture > source');
    expect(source).toHaveAttribute('type', 'image/webp');
    expect(source).toHaveAttribute('srcset', '/media/photo-1-480.webp 480w, /media/photo-1-1080.webp 1080w');
    expect(source).toHaveAttribute('sizes', PHOTO_SIZES);
    const img = tile.querySelector('picture > img')!;
    expect(img).toHaveAttribute('src', '/media/photo-1.jpg');
    expect(img).toHaveAttribute('srcset', '/media/photo-1-480.jpg 480w, /media/photo-1-1080.jpg 1080w');
    expect(img).toHaveAttribute('sizes', PHOTO_SIZES);
    expect(img).toHaveAttribute('width', '1600');
    expect(img).toHaveAttribute('height', '1000');
    expect(getComputedStyle(img).objectFit).not.toBe('cover');
  });

  it('shows an older single photo without variants as the original, not the square thumbnail', () => {
    renderWithProviders(
      <ImageGrid images={[{ url: '/media/old.jpg', thumbnailUrl: '/media/old.thumb.jpg' }]} authorName="Sipho" />,
    );
    const tile = screen.getByTestId('image-grid-tile');
    expect(tile.querySelector('source')).toBeNull();
    const img = tile.querySelector('img')!;
    expect(img).toHaveAttribute('src', '/media/old.jpg');
    expect(img).not.toHaveAttribute('srcset');
  });

  it('builds a srcset per format from the variants', () => {
    const [image] = makeImages(1);
    expect(srcSetOf(image, 'image/jpeg')).toBe('/media/photo-1-480.jpg 480w, /media/photo-1-1080.jpg 1080w');
    expect(srcSetOf(image, 'image/avif')).toBe('');
    expect(srcSetOf({ url: '/a.jpg', thumbnailUrl: null }, 'image/webp')).toBe('');
  });
});
