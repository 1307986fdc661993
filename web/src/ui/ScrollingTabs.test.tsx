import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from '@chakra-ui/react';
import { renderWithProviders } from '../test/render';
import { ScrollingTab, ScrollingTabList } from './ScrollingTabs';

const scrolled: Element[] = [];
const original = Element.prototype.scrollIntoView;
afterEach(() => {
  Element.prototype.scrollIntoView = original;
  scrolled.length = 0;
});

function renderTabs(value: string) {
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
  renderWithProviders(
    <Tabs.Root defaultValue={value}>
      <ScrollingTabList>
        {['Conversations', 'Users', 'Reports', 'Notifications', 'Audit Log'].map((t) => (
          <ScrollingTab key={t} value={t}>
            {t}
          </ScrollingTab>
        ))}
      </ScrollingTabList>
    </Tabs.Root>,
  );
}

describe('ScrollingTab', () => {
  it('scrolls the selected tab into sight when the page opens on it (a deep link past the edge of a phone)', () => {
    renderTabs('Audit Log');
    expect(scrolled).toEqual([screen.getByRole('tab', { name: 'Audit Log' })]);
  });

  it('follows the selection when another tab is chosen', async () => {
    renderTabs('Conversations');
    await userEvent.click(screen.getByRole('tab', { name: 'Reports' }));
    expect(screen.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
    expect(scrolled.at(-1)).toBe(screen.getByRole('tab', { name: 'Reports' }));
  });
});
