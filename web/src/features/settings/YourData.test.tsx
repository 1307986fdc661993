import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { DeleteAccountDocument } from './account.generated';
import { renderWithProviders } from '../../test/render';
import { EXPORT_PATH, YourData } from './YourData';

const deleteMock = (password: string, result: true | Error) => ({
  request: { query: DeleteAccountDocument, variables: { password } },
  result:
    result instanceof Error
      ? { errors: [new GraphQLError(result.message, { extensions: { code: 'BAD_USER_INPUT' } })] }
      : { data: { deleteAccount: true } },
  delay: 20,
});

describe('YourData', () => {
  const assign = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('location', { ...window.location, assign });
    URL.createObjectURL = vi.fn(() => 'blob:archive');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    assign.mockReset();
  });

  it('downloads the archive with progress, then hands the zip to the browser under its name', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const body = new ReadableStream<Uint8Array>({
      async start(c) {
        c.enqueue(new Uint8Array(2_000_000));
        await gate;
        c.enqueue(new Uint8Array([0x50, 0x4b]));
        c.close();
      },
    });
    const fetchMock = vi.fn(
      async () =>
        new Response(body, {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="saffa-data-2026-11-24.zip"' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<YourData />);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download your data' });
    await user.type(within(dialog).getByLabelText('Your password'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(fetchMock).toHaveBeenCalledWith(EXPORT_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: 'correct horse' }),
    });
    await waitFor(() => expect(screen.getByTestId('download-progress')).toHaveTextContent('1.9 MB received'));
    expect(screen.getByTestId('download-data-confirm')).toBeDisabled();
    release();
    await waitFor(() => expect(click).toHaveBeenCalled());
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('saffa-data-2026-11-24.zip');
    expect(anchor.href).toBe('blob:archive');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Download your data' })).toBeNull());
    click.mockRestore();
  });

  it('says at the field when the password is wrong, when to try again after a recent download, and other failures', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('That password is not correct.', { status: 400 })),
    );
    renderWithProviders(<YourData />);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download your data' });
    const password = within(dialog).getByLabelText('Your password');
    await user.type(password, 'wrong one{Enter}');
    expect(await within(dialog).findByTestId('download-password-error')).toHaveTextContent(
      'That password is not correct.',
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('Too many requests. Please try again later.', {
            status: 429,
            headers: { 'retry-after': '240' },
          }),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You can download it again in 4 minutes.');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Something went wrong. Please try again.', { status: 500 })),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('500: Something went wrong. Please try again.'),
    );
  });

  it('asks before deleting: what goes, the password, a wrong password changes nothing, Escape cancels', async () => {
    const user = userEvent.setup();
    renderWithProviders(<YourData />, { mocks: [deleteMock('wrong one', new Error('password is not correct'))] });
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('any business page you own, with its reviews and job vacancies');
    expect(dialog).toHaveTextContent('your document vault and every document in it');
    // Empty: no call, a message under the field.
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByTestId('delete-account-error')).toHaveTextContent('Enter your password to confirm.');
    await user.type(within(dialog).getByLabelText(/Your password/), 'wrong one{Enter}');
    await waitFor(() =>
      expect(within(dialog).getByTestId('delete-account-error')).toHaveTextContent('That password is not correct.'),
    );
    expect(assign).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('deletes with the right password and lands signed out on the landing screen', async () => {
    const user = userEvent.setup();
    renderWithProviders(<YourData />, { mocks: [deleteMock('correct horse', true)] });
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText(/Your password/), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });
});
