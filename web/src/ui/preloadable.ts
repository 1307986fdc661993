import { createElement, lazy, type ComponentType } from 'react';

export type PreloadableComponent = ComponentType & { preload(): Promise<void> };

/**
 * React.lazy with a preload(): once its module has loaded, the component renders at once instead of suspending.
 * A lazy component that suspends shows its fallback, and React then holds the content back for up to 300 ms
 * (Suspense reveal throttling); on the first screen, whose chunk comes with the page, that wait is pure loss.
 */
export function preloadable(factory: () => Promise<{ default: ComponentType }>): PreloadableComponent {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= factory().then(
      (module) => {
        loaded = module.default;
      },
      (err: unknown) => {
        loading = undefined; // tried again on the next render or preload
        throw err;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  const Preloadable = () => createElement(loaded ?? Lazy);
  return Object.assign(Preloadable, { preload });
}
