import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { stubIntersectionObserver } from '../test/intersectionObserver';
import { PRELOAD_MARGIN, usePagedConnection, type Connection } from './usePagedConnection';

type Fetch = (options: { variables: { after: string } }) => Promise<unknown>;
interface Props {
  hasNextPage: boolean;
  endCursor: string | null;
  fetchMore: Fetch;
  auto?: boolean;
}
const connection = (
  hasNextPage: boolean,
  endCursor: string | null,
  ids: string[] = [],
): Connection<{ id: string }> => ({
  nodes: ids.map((id) => ({ id })),
  pageInfo: { hasNextPage, endCursor },
});
const usePagingOf = ({ hasNextPage, endCursor, fetchMore, auto }: Props) =>
  usePagedConnection({ connection: connection(hasNextPage, endCursor), fetchMore, auto });
const after = (cursor: string) => ({ variables: { after: cursor } });

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

/** A list with a sentinel, as the screens render it. */
function List(props: Props) {
  const { sentinelRef, loadingMore, moreFailed } = usePagingOf(props);
  return <div ref={sentinelRef} data-testid="sentinel" data-loading={loadingMore} data-failed={moreFailed} />;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('usePagedConnection', () => {
  it('loads the page after the end cursor, one request at a time', async () => {
    const page = deferred();
    const fetchMore = vi.fn(() => page.promise);
    const { result } = renderHook(() => usePagingOf({ hasNextPage: true, endCursor: 'c1', fetchMore, auto: false }));
    expect(result.current.loadingMore).toBe(false);

    let first!: Promise<void>;
    act(() => {
      first = result.current.loadMore();
      void result.current.loadMore();
    });
    expect(fetchMore).toHaveBeenCalledTimes(1);
    expect(fetchMore).toHaveBeenCalledWith(after('c1'));
    expect(result.current.loadingMore).toBe(true);

    await act(async () => {
      page.resolve();
      await first;
    });
    expect(result.current.loadingMore).toBe(false);
    expect(result.current.moreFailed).toBe(false);
  });

  it('does nothing without a next page or a cursor', async () => {
    const fetchMore = vi.fn(() => Promise.resolve());
    const { result, rerender } = renderHook(
      (props: Pick<Props, 'hasNextPage' | 'endCursor'>) => usePagingOf({ ...props, fetchMore, auto: false }),
      { initialProps: { hasNextPage: false, endCursor: 'c1' as string | null } },
    );
    await act(() => result.current.loadMore());
    rerender({ hasNextPage: true, endCursor: null });
    await act(() => result.current.loadMore());
    expect(fetchMore).not.toHaveBeenCalled();
  });

  it('marks a failed page, and clears the mark when the next try starts', async () => {
    const fetchMore = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined);
    const { result } = renderHook(() => usePagingOf({ hasNextPage: true, endCursor: 'c1', fetchMore, auto: false }));
    await act(() => result.current.loadMore());
    expect(result.current.moreFailed).toBe(true);
    expect(result.current.loadingMore).toBe(false);
    await act(() => result.current.loadMore());
    expect(result.current.moreFailed).toBe(false);
    expect(fetchMore).toHaveBeenCalledTimes(2);
  });

  it('uses the latest fetchMore', async () => {
    const first = vi.fn(() => Promise.resolve());
    const second = vi.fn(() => Promise.resolve());
    const { result, rerender } = renderHook(
      (fetchMore: Fetch) => usePagingOf({ hasNextPage: true, endCursor: 'c1', fetchMore, auto: false }),
      { initialProps: first },
    );
    rerender(second);
    await act(() => result.current.loadMore());
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(after('c1'));
  });

  it('loads the next page when the sentinel nears the viewport', async () => {
    const observers = stubIntersectionObserver();
    const fetchMore = vi.fn(() => Promise.resolve());
    const { getByTestId } = render(<List hasNextPage endCursor="c1" fetchMore={fetchMore} />);
    const sentinel = getByTestId('sentinel');
    const watching = observers.find((o) => o.elements.includes(sentinel));
    expect(watching?.options).toEqual({ rootMargin: PRELOAD_MARGIN });
    act(() => watching!.intersect());
    expect(fetchMore).toHaveBeenCalledWith(after('c1'));
    await waitFor(() => expect(sentinel).toHaveAttribute('data-loading', 'false'));
  });

  it('watches nothing without a next page, with auto off, or after a failure', async () => {
    const observers = stubIntersectionObserver();
    const watched = () => observers.filter((o) => o.elements.length > 0).length;
    const fetchMore = vi.fn(() => Promise.reject(new Error('offline')));

    const { rerender, getByTestId } = render(<List hasNextPage={false} endCursor="c1" fetchMore={fetchMore} />);
    expect(watched()).toBe(0);
    rerender(<List hasNextPage endCursor="c1" fetchMore={fetchMore} auto={false} />);
    expect(watched()).toBe(0);
    rerender(<List hasNextPage endCursor="c1" fetchMore={fetchMore} />);
    expect(watched()).toBe(1);

    act(() => observers.find((o) => o.elements.length > 0)!.intersect());
    // The observer is let go in an effect after the failed render commits: under load that is a moment later.
    await waitFor(() => {
      expect(getByTestId('sentinel')).toHaveAttribute('data-failed', 'true');
      expect(watched()).toBe(0);
    });
    expect(fetchMore).toHaveBeenCalledTimes(1);
  });

  it('gives the nodes and hasNextPage of the connection, and no nodes before the first page', () => {
    const fetchMore = vi.fn(() => Promise.resolve());
    const { result, rerender } = renderHook(
      (props: { connection: Connection<{ id: string }> | undefined }) => usePagedConnection({ ...props, fetchMore }),
      { initialProps: { connection: undefined as Connection<{ id: string }> | undefined } },
    );
    expect(result.current.nodes).toEqual([]);
    expect(result.current.hasNextPage).toBe(false);
    rerender({ connection: connection(true, 'c2', ['a', 'b']) });
    expect(result.current.nodes.map((n) => n.id)).toEqual(['a', 'b']);
    expect(result.current.hasNextPage).toBe(true);
  });
});
