import { useSearchParams } from 'react-router';

/**
 * The screen's current tab, kept in the URL (`?tab=` by default) so a reload or a shared link keeps it: an unknown
 * or missing value reads as `fallback`, and choosing `fallback` takes the parameter out of the URL (unless
 * `keepFallback`). Changing the tab replaces the history entry and leaves the other parameters as they are.
 */
export function useTabParam<T extends string>(
  tabs: readonly T[],
  fallback: T,
  { param = 'tab', keepFallback = false }: { param?: string; keepFallback?: boolean } = {},
): [T, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get(param);
  const tab = tabs.find((t) => t === asked) ?? fallback;
  const setTab = (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === fallback && !keepFallback) next.delete(param);
        else next.set(param, value);
        return next;
      },
      { replace: true },
    );
  return [tab, setTab];
}
