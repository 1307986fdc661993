import { useEffect, useRef } from 'react';

/**
 * For the one item a link names (`?id=`, `?comment=`: a shared link, the moderation queue's "View where it is
 * shown"): a ref that scrolls it into view once it is on screen, and the props that mark it (highlighted, and
 * `aria-current` for assistive technology). `shown` false: an ordinary item, nothing happens.
 */
export function useShownItem<T extends HTMLElement>(shown: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    // jsdom has no scrollIntoView.
    if (shown) ref.current?.scrollIntoView?.({ block: 'center' });
  }, [shown]);
  return {
    ref,
    props: shown
      ? ({
          'aria-current': 'true',
          'data-shown': 'true',
          outline: '2px solid',
          outlineColor: 'colorPalette.solid',
          colorPalette: 'yellow',
          borderRadius: 'md',
        } as const)
      : {},
  };
}
