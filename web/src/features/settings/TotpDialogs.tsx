import { useEffect, useRef, useState } from 'react';
import { Button, Code, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from '../../lib/errors';
import { DialogFrame, FormDialogActions } from '../../ui/DialogFrame';
import { LoadError, LoadingStatus } from '../../ui/LoadStates';
import { toaster } from '../../ui/toaster';
import {
  TwoFactorStatusDocument,
  useConfirmTotpEnrolmentMutation,
  useDisableTotpMutation,
  useRegenerateRecoveryCodesMutation,
  useStartTotpEnrolmentMutation,
} from './twofactor.generated';

/** Two-factor dialogs of the authenticator app: set up, turn off, new recovery codes (and the proof they share). */

/** Every change reads the two-factor status again before its dialog closes. */
export const refetch = { refetchQueries: [TwoFactorStatusDocument], awaitRefetchQueries: true };

/** The recovery codes, shown once, with Copy. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toaster.success({
        title: 'Recovery codes copied',
        description: 'Keep them somewhere safe, away from this device.',
      });
    } catch {
      toaster.create({
        type: 'error',
        title: 'Error',
        description: 'Could not copy: select them and copy them yourself.',
      });
    }
  };
  return (
    <Stack gap="3">
      <Text>
        Save these recovery codes now: you will not see them again. Each one works once, if you lose your phone.
      </Text>
      <SimpleGrid as="ul" columns={2} gap="2" listStyleType="none" m="0" p="0" data-testid="recovery-codes">
        {codes.map((c) => (
          <Code as="li" key={c} p="2" fontSize="md" textAlign="center">
            {c}
          </Code>
        ))}
      </SimpleGrid>
      <Button variant="outline" alignSelf="flex-start" minH="11" onClick={() => void copy()}>
        Copy codes
      </Button>
    </Stack>
  );
}

function DoneFooter({ onClose }: { onClose: () => void }) {
  return (
    <Button colorPalette="green" onClick={onClose} data-testid="twofactor-done">
      Done
    </Button>
  );
}

export function EnrolDialog({ onClose }: { onClose: () => void }) {
  const [start, started] = useStartTotpEnrolmentMutation();
  const [confirm, confirming] = useConfirmTotpEnrolmentMutation(refetch);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const once = useRef(false);

  useEffect(() => {
    if (once.current) return;
    once.current = true;
    start().catch(() => undefined);
  }, [start]);

  const submit = async () => {
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) return setError('Enter the 6-digit code from your app.');
    setError(null);
    try {
      const r = await confirm({ variables: { code: code.replace(/\s/g, '') } });
      const fresh = r.data?.confirmTotpEnrolment ?? [];
      toaster.success({ title: 'Two-factor sign-in is on' });
      if (fresh.length) setCodes(fresh);
      else onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  if (codes)
    return (
      <DialogFrame
        onClose={onClose}
        title="Your recovery codes"
        testId="recovery-codes-dialog"
        footer={<DoneFooter onClose={onClose} />}
      >
        <RecoveryCodes codes={codes} />
      </DialogFrame>
    );

  const enrolment = started.data?.startTotpEnrolment;
  return (
    <DialogFrame
      onClose={onClose}
      title="Set up an authenticator app"
      testId="enrol-totp-dialog"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      footer={
        enrolment ? (
          <FormDialogActions submitLabel="Turn on" loading={confirming.loading} loadingText="Checking..." />
        ) : undefined
      }
    >
      {started.error ? (
        <LoadError
          title="Could not start"
          error={started.error}
          onRetry={() => start().catch(() => undefined)}
          testId="enrol-error"
        />
      ) : !enrolment ? (
        <LoadingStatus testId="enrol-loading">Preparing...</LoadingStatus>
      ) : (
        <Stack gap="4">
          <Text>
            In your authenticator app, add an account with this key (or open the link on your phone), then enter the
            code it shows.
          </Text>
          <Code p="3" wordBreak="break-all" fontSize="md" data-testid="totp-secret">
            {enrolment.secret}
          </Code>
          <Text fontSize="sm">
            <a href={enrolment.uri} style={{ textDecoration: 'underline' }}>
              Open in an authenticator app
            </a>
          </Text>
          <Field.Root required invalid={!!error}>
            <Field.Label>Code from the app</Field.Label>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              data-testid="totp-code"
              autoFocus
            />
            {error && <Field.ErrorText data-testid="totp-error">{error}</Field.ErrorText>}
          </Field.Root>
        </Stack>
      )}
    </DialogFrame>
  );
}

/** A dialog that asks for the password or a code before `action`; shows `result` codes when the action answers some. */
export function ProofDialog({
  title,
  text,
  submitLabel,
  testId,
  action,
  onClose,
}: {
  title: string;
  text: string;
  submitLabel: string;
  testId: string;
  action: (proof: string) => Promise<string[] | null>;
  onClose: () => void;
}) {
  const [proof, setProof] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes)
    return (
      <DialogFrame
        onClose={onClose}
        title="Your new recovery codes"
        testId="recovery-codes-dialog"
        footer={<DoneFooter onClose={onClose} />}
      >
        <RecoveryCodes codes={codes} />
      </DialogFrame>
    );

  const submit = async () => {
    if (!proof) return setError('Enter your password or a code.');
    setError(null);
    setLoading(true);
    try {
      const result = await action(proof);
      if (result) setCodes(result);
      else onClose();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setLoading(false);
    }
  };

  return (
    <DialogFrame
      onClose={onClose}
      size="sm"
      title={title}
      testId={testId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      footer={<FormDialogActions submitLabel={submitLabel} loading={loading} loadingText="Checking..." />}
    >
      <Stack gap="3">
        <Text>{text}</Text>
        <Field.Root required invalid={!!error}>
          <Field.Label>Password or code</Field.Label>
          <Input
            type="password"
            autoComplete="current-password"
            value={proof}
            onChange={(e) => setProof(e.target.value)}
            data-testid="proof"
            autoFocus
          />
          {error && <Field.ErrorText data-testid="proof-error">{error}</Field.ErrorText>}
        </Field.Root>
      </Stack>
    </DialogFrame>
  );
}

export function DisableDialog({ onClose }: { onClose: () => void }) {
  const [disable] = useDisableTotpMutation(refetch);
  return (
    <ProofDialog
      title="Turn off the authenticator app?"
      text={
        'Your password alone (or a passkey) will sign you in. Enter your ' +
        'password, a code from the app or a recovery code.'
      }
      submitLabel="Turn off"
      testId="disable-totp-dialog"
      onClose={onClose}
      action={async (proof) => {
        await disable({ variables: { proof } });
        toaster.success({ title: 'Authenticator app turned off' });
        return null;
      }}
    />
  );
}

export function NewCodesDialog({ onClose }: { onClose: () => void }) {
  const [regenerate] = useRegenerateRecoveryCodesMutation(refetch);
  return (
    <ProofDialog
      title="New recovery codes"
      text="Your old recovery codes stop working. Enter your password or a code from your app."
      submitLabel="Make new codes"
      testId="new-codes-dialog"
      onClose={onClose}
      action={async (proof) => (await regenerate({ variables: { proof } })).data?.regenerateRecoveryCodes ?? []}
    />
  );
}
