import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeMatchMedia } from '../test/matchMedia';
import { renderWithProviders } from '../test/render';
import { MOBILE_QUERY } from '../lib/useMediaQuery';
import { DialogFrame, DIALOG_MAX_HEIGHT } from './DialogFrame';

afterEach(() => vi.unstubAllGlobals());

function renderAt(mobile: boolean, onClose = vi.fn()) {
  vi.stubGlobal(
    'matchMedia',
    fakeMatchMedia((query) => mobile && query === MOBILE_QUERY),
  );
  renderWithProviders(
    <DialogFrame title="Edit Post" testId="frame" onClose={onClose} footer={<button>Save</button>}>
      <p>Body</p>
    </DialogFrame>,
  );
  return onClose;
}

describe('DialogFrame', () => {
  // jsdom does not apply Chakra's recipe layers (the size); the browser suite measures the real boxes
  // (tests/e2e/feed.e2e.test.ts, "dialogs").
  it('on desktop: at most 85% of the viewport high, and its body scrolls', async () => {
    renderAt(false);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Post' });
    expect(getComputedStyle(dialog).maxHeight).toBe(DIALOG_MAX_HEIGHT);
    expect(getComputedStyle(screen.getByText('Body').parentElement!).overflowY).toBe('auto');
  });

  it('on phones: no height limit (the full-screen sheet)', async () => {
    renderAt(true);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Post' });
    expect(getComputedStyle(dialog).maxHeight).not.toBe(DIALOG_MAX_HEIGHT);
  });

  it('closes with its close button', async () => {
    const onClose = renderAt(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('stays open when a script moves focus outside it (another dialog handing over returns focus to its trigger)', async () => {
    const onClose = renderAt(false);
    await screen.findByRole('dialog', { name: 'Edit Post' });
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    outside.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await new Promise((r) => setTimeout(r, 50));
    expect(onClose).not.toHaveBeenCalled();
    outside.remove();
  });
});
