import { useState } from 'react';
import type { ApolloCache } from '@apollo/client';
import { Field, Input, Stack, Text } from '@chakra-ui/react';
import {
  useChangeVaultPasswordMutation,
  useSetVaultPasswordMutation,
  VaultDocument as VaultQueryDocument,
  type VaultStatusFieldsFragment,
} from './vault.generated';
import { errorMessage } from '../../lib/errors';
import { DialogFrame, FormDialogActions } from '../../ui/DialogFrame';
import { Required } from './Required';
import { toaster } from '../../ui/toaster';
import { passwordProblem } from './vaultText';

/**
 * Puts a mutation's answer in the cache as the vault's state (VaultStatus has no id to merge by). A locked vault
 * leaves nothing of its list in the page's memory: the documents' names and dates are read again after the unlock.
 */
export const writeVault = (cache: ApolloCache, vault: VaultStatusFieldsFragment | undefined) => {
  if (!vault) return;
  cache.writeQuery({ query: VaultQueryDocument, data: { vault } });
  if (!vault.unlocked) {
    cache.evict({ id: 'ROOT_QUERY', fieldName: 'vaultDocuments' });
    cache.gc();
  }
};

/**
 * Set Vault Password (spec 002): the password twice, at least `min` characters ('Passwords Don't Match', 'Password Too
 * Short'). With `change`, the current password first: it is changed, every document is re-encrypted under a new key,
 * and they open with the new password only.
 */
export function VaultPasswordDialog({
  change = false,
  min,
  onClose,
}: {
  change?: boolean;
  min: number;
  onClose: () => void;
}) {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [setVaultPassword, setting] = useSetVaultPasswordMutation({
    update: (cache, r) => writeVault(cache, r.data?.setVaultPassword),
  });
  const [changeVaultPassword, changing] = useChangeVaultPasswordMutation({
    update: (cache, r) => writeVault(cache, r.data?.changeVaultPassword),
  });
  const loading = setting.loading || changing.loading;

  const submit = async () => {
    const p = passwordProblem(password, confirm, min);
    if (p) {
      setProblem(p.description);
      toaster.error(p);
      return;
    }
    setProblem(null);
    try {
      if (change) {
        await changeVaultPassword({ variables: { currentPassword: current, newPassword: password } });
        toaster.success({
          title: 'Vault Password Changed',
          description: 'Use your new password to unlock your vault from now on.',
        });
      } else {
        await setVaultPassword({ variables: { password } });
        toaster.success({
          title: 'Vault Password Set',
          description: 'Your vault is unlocked. Add your first document.',
        });
      }
      onClose();
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };

  return (
    <DialogFrame
      onClose={onClose}
      title={change ? 'Change Vault Password' : 'Set Vault Password'}
      testId="vault-password-dialog"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      footer={
        <FormDialogActions
          submitLabel={change ? 'Change Password' : 'Set Password'}
          loading={loading}
          loadingText="Saving..."
        />
      }
    >
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          Your vault has its own password, at least {min} characters. It is never stored: if you forget it, your
          documents cannot be opened.
        </Text>
        {change && (
          <Field.Root>
            <Field.Label>
              Current Password <Required />
            </Field.Label>
            <Input
              aria-required
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
            />
          </Field.Root>
        )}
        <Field.Root>
          <Field.Label>
            {change ? 'New Password' : 'Password'} <Required />
          </Field.Label>
          <Input
            aria-required
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field.Root>
        <Field.Root invalid={!!problem}>
          <Field.Label>
            Confirm Password <Required />
          </Field.Label>
          <Input
            aria-required
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          {problem && <Field.ErrorText role="alert">{problem}</Field.ErrorText>}
        </Field.Root>
      </Stack>
    </DialogFrame>
  );
}
