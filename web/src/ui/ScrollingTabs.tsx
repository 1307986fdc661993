import type { ReactNode } from 'react';
import { Tabs } from '@chakra-ui/react';

/** A line of tabs that scrolls sideways on a narrow screen rather than wrapping its labels onto two lines. */
export function ScrollingTabList({ children }: { children: ReactNode }) {
  return (
    <Tabs.List mb="4" overflowX="auto" overflowY="hidden" flexWrap="nowrap" css={{ scrollbarWidth: 'thin' }}>
      {children}
    </Tabs.List>
  );
}

/** One tab of a ScrollingTabList: never squeezed, and a touch target of at least 44 px. */
export function ScrollingTab({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Tabs.Trigger value={value} flexShrink={0} minH="44px">
      {children}
    </Tabs.Trigger>
  );
}
