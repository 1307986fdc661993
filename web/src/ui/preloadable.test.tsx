import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

const Screen = () => <h1>Home</h1>;

describe('preloadable', () => {
  it('renders at once, without its Suspense fallback, once preloaded', async () => {
    const factory = vi.fn(async () => ({ default: Screen }));
    const Home = preloadable(factory);
    await Home.preload();
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Home />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('without a preload it is lazy: the fallback, then the screen, loading the module once', async () => {
    const factory = vi.fn(async () => ({ default: Screen }));
    const Home = preloadable(factory);
    expect(factory).not.toHaveBeenCalled();
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading...</p>}>
          <Home />
        </Suspense>,
      );
    });
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    await Home.preload();
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('a failed load is tried again by the next preload', async () => {
    const factory = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Screen });
    const Home = preloadable(factory);
    await expect(Home.preload()).rejects.toThrow('offline');
    await Home.preload();
    expect(factory).toHaveBeenCalledTimes(2);
  });
});
