import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { toaster } from './toaster';

afterEach(() => {
  act(() => {
    toaster.remove();
  });
});

describe('toaster', () => {
  it('shows the newest toast at once in place of the visible one, one at a time', async () => {
    renderWithProviders(<p>page</p>);
    act(() => {
      toaster.create({ type: 'success', title: 'Post Created', description: 'Your post is live.' });
    });
    expect(await screen.findByText('Post Created')).toBeInTheDocument();

    act(() => {
      toaster.create({ type: 'error', title: 'Error', description: 'Failed to add comment.' });
    });
    // Well before the first toast's 5 s are up.
    expect(await screen.findByText('Failed to add comment.', {}, { timeout: 1000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Post Created')).not.toBeInTheDocument(), { timeout: 1000 });
    expect(toaster.getVisibleToasts()).toHaveLength(1);
  });

  it('updates a toast created again with its id', async () => {
    renderWithProviders(<p>page</p>);
    act(() => {
      toaster.create({ id: 'upload', type: 'loading', title: 'Uploading' });
    });
    expect(await screen.findByText('Uploading')).toBeInTheDocument();
    act(() => {
      toaster.create({ id: 'upload', type: 'success', title: 'Uploaded' });
    });
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(screen.queryByText('Uploading')).not.toBeInTheDocument();
    expect(toaster.getVisibleToasts()).toHaveLength(1);
  });
});
