import { useEffect, useRef, type ReactNode } from 'react';
import { Tabs, useTabsContext } from '@chakra-ui/react';

/** A line of tabs that scrolls sideways on a narrow screen rather than wrapping its labels onto two lines. */
export function ScrollingTabList({ children }: { children: ReactNode }) {
  return (
    <Tabs.List mb="4" overflowX="auto" overflowY="hidden" flexWrap="nowrap" css={{ scrollbarWidth: 'thin' }}>
      {children}
    </Tabs.List>
  );
}

/**
 * One tab of a ScrollingTabList: never squeezed, and a touch target of at least 44 px. The selected one is
 * scrolled into sight (a deep link or the arrow keys may select a tab beyond the edge of a phone's screen).
 */
export function ScrollingTab({ value, children }: { value: string; children: ReactNode }) {
  const ref = useRef<HTMLButtonElement>(null);
  const selected = useTabsContext().value === value;
  useEffect(() => {
    // jsdom has no scrollIntoView; only the line of tabs scrolls, never the page.
    if (selected) ref.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected]);
  return (
    <Tabs.Trigger ref={ref} value={value} flexShrink={0} minH="44px">
      {children}
    </Tabs.Trigger>
  );
}
