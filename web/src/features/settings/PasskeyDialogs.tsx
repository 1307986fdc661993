import { useState } from 'react';
import { Field, Input, Text } from '@chakra-ui/react';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { errorMessage } from '../../lib/errors';
import { DialogFrame, FormDialogActions } from '../../ui/DialogFrame';
import { toaster } from '../../ui/toaster';
import {
  usePasskeyRegistrationOptionsMutation,
  useRegisterPasskeyMutation,
  useRemovePasskeyMutation,
  type PasskeyFieldsFragment,
} from './twofactor.generated';
import { ProofDialog, refetch } from './TotpDialogs';

/** Two-factor dialogs of passkeys: remove one (with a proof), add one (named, made by the device). */

export function RemovePasskeyDialog({ passkey, onClose }: { passkey: PasskeyFieldsFragment; onClose: () => void }) {
  const [remove] = useRemovePasskeyMutation(refetch);
  return (
    <ProofDialog
      title={`Remove ${passkey.name}?`}
      text="It will no longer sign you in. Enter your password or a code."
      submitLabel="Remove"
      testId="remove-passkey-dialog"
      onClose={onClose}
      action={async (proof) => {
        await remove({ variables: { id: passkey.id, proof } });
        toaster.success({ title: 'Passkey removed' });
        return null;
      }}
    />
  );
}

export function AddPasskeyDialog({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [options] = usePasskeyRegistrationOptionsMutation();
  const [register] = useRegisterPasskeyMutation(refetch);
  const supported = browserSupportsWebAuthn();

  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setError('Name is required.');
    setError(null);
    setBusy(true);
    try {
      const challenge = (await options()).data!.passkeyRegistrationOptions;
      const response = await startRegistration({ optionsJSON: JSON.parse(challenge.options) });
      await register({ variables: { challengeId: challenge.id, name: trimmed, response: JSON.stringify(response) } });
      toaster.success({ title: 'Passkey added', description: `${trimmed} can now sign you in.` });
      onClose();
    } catch (err) {
      setError(
        err instanceof Error && err.name === 'NotAllowedError'
          ? 'The passkey was not created: the request was cancelled or timed out.'
          : errorMessage(err),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogFrame
      onClose={onClose}
      size="sm"
      title="Add a passkey"
      testId="add-passkey-dialog"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      footer={
        supported ? (
          <FormDialogActions submitLabel="Create passkey" loading={busy} loadingText="Waiting for your device..." />
        ) : undefined
      }
    >
      {supported ? (
        <Field.Root required invalid={!!error}>
          <Field.Label>Name</Field.Label>
          <Input
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. Laptop"
            data-testid="passkey-name"
            autoFocus
          />
          {error ? (
            <Field.ErrorText data-testid="passkey-error">{error}</Field.ErrorText>
          ) : (
            <Field.HelperText>To tell your passkeys apart.</Field.HelperText>
          )}
        </Field.Root>
      ) : (
        <Text>This browser cannot create passkeys.</Text>
      )}
    </DialogFrame>
  );
}
