import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import {
  AddVaultDocumentDocument,
  DeleteVaultDocumentDocument,
  SetVaultPasswordDocument,
  UnlockVaultDocument,
  VaultDocument,
  VaultDocumentsDocument,
  type VaultDocumentFieldsFragment,
  type VaultStatusFieldsFragment,
} from './vault.generated';
import { renderWithProviders } from '../../test/render';
import { VaultTab, VAULT_PAGE_SIZE } from './VaultTab';

const status = (
  overrides: Partial<VaultStatusFieldsFragment> = {},
): VaultStatusFieldsFragment & { __typename: 'VaultStatus' } => ({
  __typename: 'VaultStatus',
  hasPassword: true,
  unlocked: false,
  unlockedUntil: null,
  minPasswordLength: 6,
  defaultReminderDays: 30,
  maxReminderDays: 365,
  unlockMinutes: 15,
  documentTypes: ['passport', 'visa', 'id', 'license', 'other'] as VaultStatusFieldsFragment['documentTypes'],
  ...overrides,
});
const UNTIL = '2099-01-01T00:00:00.000Z';

const doc = (
  overrides: Partial<VaultDocumentFieldsFragment> = {},
): VaultDocumentFieldsFragment & { __typename: 'VaultDocument' } => ({
  __typename: 'VaultDocument',
  id: 'd1',
  documentName: 'My passport',
  documentType: 'passport' as VaultDocumentFieldsFragment['documentType'],
  expirationDate: '2026-12-01',
  reminderDays: 30,
  mimeType: 'image/png',
  fileSize: 1234,
  fileUrl: '/api/vault/documents/d1/file',
  expiringSoon: true,
  expired: false,
  createdAt: '2026-11-23T10:00:00.000Z',
  ...overrides,
});

const vaultMock = (vault: VaultStatusFieldsFragment): MockLink.MockedResponse => ({
  request: { query: VaultDocument },
  result: { data: { vault } },
  maxUsageCount: 5,
});
const docsMock = (nodes: VaultDocumentFieldsFragment[]): MockLink.MockedResponse => ({
  request: { query: VaultDocumentsDocument, variables: { first: VAULT_PAGE_SIZE } },
  result: {
    data: {
      vaultDocuments: {
        __typename: 'VaultDocumentConnection',
        nodes,
        pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
      },
    },
  },
  maxUsageCount: 5,
});
const failure = (message: string, code: string) => ({ errors: [new GraphQLError(message, { extensions: { code } })] });

describe('VaultTab', () => {
  it('shows loading, then the error with Retry when the vault cannot be loaded', async () => {
    renderWithProviders(<VaultTab />, {
      mocks: [{ request: { query: VaultDocument }, error: new Error('Network down') }, vaultMock(status())],
    });
    expect(screen.getByText('Loading your vault...')).toBeInTheDocument();
    expect(await screen.findByText('Your vault could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Your vault is locked')).toBeInTheDocument();
  });

  it('without a password: Set Vault Password checks the pair, then opens the empty vault', async () => {
    const user = userEvent.setup();
    renderWithProviders(<VaultTab />, {
      mocks: [
        vaultMock(status({ hasPassword: false })),
        {
          request: { query: SetVaultPasswordDocument, variables: { password: 'secret123' } },
          result: { data: { setVaultPassword: status({ unlocked: true, unlockedUntil: UNTIL }) } },
        },
        docsMock([]),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Set Vault Password' }));
    const dialog = await screen.findByTestId('vault-password-dialog');
    expect(within(dialog).getByText('Set Vault Password')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Password/), 'secret123');
    await user.type(within(dialog).getByLabelText(/Confirm Password/), 'secret12');
    await user.click(within(dialog).getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText("Passwords Don't Match")).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^Password/));
    await user.clear(within(dialog).getByLabelText(/Confirm Password/));
    await user.type(within(dialog).getByLabelText(/^Password/), 'abc');
    await user.type(within(dialog).getByLabelText(/Confirm Password/), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Password Too Short')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Password must be at least 6 characters long.');

    await user.clear(within(dialog).getByLabelText(/^Password/));
    await user.clear(within(dialog).getByLabelText(/Confirm Password/));
    await user.type(within(dialog).getByLabelText(/^Password/), 'secret123');
    await user.type(within(dialog).getByLabelText(/Confirm Password/), 'secret123{Enter}');
    expect(await screen.findByText('No Documents Yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add Document' }).length).toBeGreaterThan(0);
  });

  it('locked: a wrong password and too many tries are said under the field; the right one opens the list', async () => {
    const user = userEvent.setup();
    renderWithProviders(<VaultTab />, {
      mocks: [
        vaultMock(status()),
        {
          request: { query: UnlockVaultDocument, variables: { password: 'wrong1' } },
          result: failure('Incorrect vault password.', 'BAD_USER_INPUT'),
        },
        {
          request: { query: UnlockVaultDocument, variables: { password: 'wrong2' } },
          result: failure('Too many wrong vault passwords. Please try again in 15 minutes.', 'RATE_LIMITED'),
        },
        {
          request: { query: UnlockVaultDocument, variables: { password: 'right one' } },
          result: { data: { unlockVault: status({ unlocked: true, unlockedUntil: UNTIL }) } },
        },
        docsMock([doc()]),
      ],
    });
    const field = await screen.findByLabelText('Vault Password');
    await user.type(field, 'wrong1{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect vault password.');
    await user.clear(field);
    await user.type(field, 'wrong2{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Too many wrong vault passwords. Please try again in 15 minutes.',
      ),
    );
    await user.clear(field);
    await user.type(field, 'right one{Enter}');
    expect(await screen.findByText('My passport')).toBeInTheDocument();
    expect(screen.getByText('Expiring Soon')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View My passport' })).toHaveAttribute(
      'href',
      '/api/vault/documents/d1/file',
    );
  });

  it('unlocked: deletes a document only after the confirmation', async () => {
    const user = userEvent.setup();
    let deleted = false;
    renderWithProviders(<VaultTab />, {
      mocks: [
        vaultMock(status({ unlocked: true, unlockedUntil: UNTIL })),
        docsMock([
          doc(),
          doc({
            id: 'd2',
            documentName: 'Old licence',
            documentType: 'license' as VaultDocumentFieldsFragment['documentType'],
            expiringSoon: false,
            expired: false,
            expirationDate: null,
          }),
        ]),
        {
          request: { query: DeleteVaultDocumentDocument, variables: { id: 'd1' } },
          result: () => {
            deleted = true;
            return { data: { deleteVaultDocument: 'd1' } };
          },
        },
      ],
    });
    await screen.findByText('Old licence');
    expect(screen.getAllByText('Expiring Soon')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Delete My passport' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete My passport?' });
    expect(within(confirm).getByText('Are you sure you want to delete this document?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete My passport' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Document Deleted')).toBeInTheDocument();
    expect(deleted).toBe(true);
    await waitFor(() => expect(screen.queryByText('My passport')).not.toBeInTheDocument());
  });

  it('Add Document to Vault: type and name are required, then the file is sent with an idempotency key', async () => {
    const user = userEvent.setup();
    let sent: Record<string, unknown> | null = null;
    renderWithProviders(<VaultTab />, {
      mocks: [
        vaultMock(status({ unlocked: true, unlockedUntil: UNTIL })),
        docsMock([]),
        {
          request: { query: AddVaultDocumentDocument, variables: (v: Record<string, unknown>) => ((sent = v), true) },
          result: { data: { addVaultDocument: doc({ id: 'd9', documentName: 'Schengen visa' }) } },
        },
        docsMock([doc({ id: 'd9', documentName: 'Schengen visa' })]),
      ],
    });
    await screen.findByText('No Documents Yet');
    await user.click(screen.getAllByRole('button', { name: 'Add Document' })[0]);
    const dialog = await screen.findByTestId('vault-add-dialog');
    expect(within(dialog).getByText('Add Document to Vault')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Reminder/)).toHaveValue(30);
    await user.click(within(dialog).getByRole('button', { name: 'Add Document' }));
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    expect(sent).toBeNull();

    await user.selectOptions(within(dialog).getByLabelText(/Document Type/), 'visa');
    await user.type(within(dialog).getByLabelText(/Document Name/), 'Schengen visa');
    await user.upload(
      within(dialog).getByTestId('vault-file-input'),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'visa.png', { type: 'image/png' }),
    );
    expect(within(dialog).getByText(/visa\.png/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Expiration Date'), '2027-03-01');
    await user.click(within(dialog).getByRole('button', { name: 'Add Document' }));
    expect(await screen.findByText('Document Added')).toBeInTheDocument();
    const input = (sent as unknown as { input: Record<string, unknown>; idempotencyKey: string }).input;
    expect(input).toMatchObject({
      documentType: 'visa',
      documentName: 'Schengen visa',
      expirationDate: '2027-03-01',
      reminderDays: 30,
    });
    expect(String(input.file)).toMatch(/^data:image\/png;base64,/);
    expect((sent as unknown as { idempotencyKey: string }).idempotencyKey).toMatch(/\S/);
  });

  it('refuses a file that is neither an image nor a PDF before sending', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<VaultTab />, {
      mocks: [vaultMock(status({ unlocked: true, unlockedUntil: UNTIL })), docsMock([])],
    });
    await user.click((await screen.findAllByRole('button', { name: 'Add Document' }))[0]);
    const dialog = await screen.findByTestId('vault-add-dialog');
    await user.upload(
      within(dialog).getByTestId('vault-file-input'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText('Please select an image or a PDF.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Choose File' })).toBeInTheDocument();
  });
});
