import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Code,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { LuFingerprint } from 'react-icons/lu';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { errorMessage } from '../../lib/errors';
import { relativeTime } from '../../lib/relativeTime';
import { DialogFrame, FormDialogActions } from '../../ui/DialogFrame';
import { EmptyNotice, LoadError, LoadingStatus } from '../../ui/LoadStates';
import { toaster } from '../../ui/toaster';
import {
  TwoFactorStatusDocument,
  useConfirmTotpEnrolmentMutation,
  useDisableTotpMutation,
  usePasskeyRegistrationOptionsMutation,
  useRegenerateRecoveryCodesMutation,
  useRegisterPasskeyMutation,
  useRemovePasskeyMutation,
  useStartTotpEnrolmentMutation,
  useTwoFactorStatusQuery,
  type PasskeyFieldsFragment,
} from './twofactor.generated';

const refetch = { refetchQueries: [TwoFactorStatusDocument], awaitRefetchQueries: true };
const date = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

type Open =
  | { kind: 'enrol' }
  | { kind: 'disable' }
  | { kind: 'codes' }
  | { kind: 'addPasskey' }
  | { kind: 'removePasskey'; passkey: PasskeyFieldsFragment }
  | null;

/**
 * Settings' two-factor sign-in: an authenticator app (set up with a first code; recovery codes shown once), new
 * recovery codes, and passkeys (named, listed, removable). Turning a factor off asks for the password or a code.
 */
export function TwoFactorSettings() {
  const status = useTwoFactorStatusQuery({ fetchPolicy: 'cache-and-network' });
  const [open, setOpen] = useState<Open>(null);
  const state = status.data?.twoFactor;
  const close = () => setOpen(null);

  let body: ReactNode;
  if (!state && status.loading) body = <LoadingStatus testId="twofactor-loading">Loading...</LoadingStatus>;
  else if (!state)
    body = (
      <LoadError
        title="Could not load your two-factor settings"
        error={status.error}
        onRetry={status.refetch}
        testId="twofactor-error"
      />
    );
  else
    body = (
      <Stack gap="5">
        <Stack gap="2" data-testid="totp-section">
          <HStack gap="2" wrap="wrap">
            <Heading as="h3" size="sm">
              Authenticator app
            </Heading>
            <Badge colorPalette={state.totpEnabled ? 'green' : 'gray'} data-testid="totp-state">
              {state.totpEnabled ? 'On' : 'Off'}
            </Badge>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {state.totpEnabled
              ? `You sign in with your password and a code from the app. Recovery codes ` +
                `left: ${state.recoveryCodesLeft}.`
              : 'Sign in with your password and a 6-digit code from an app such as Google Authenticator, Authy or ' +
                '1Password.'}
          </Text>
          <Flex gap="2" wrap="wrap">
            {state.totpEnabled ? (
              <>
                <Button
                  variant="outline"
                  minH="11"
                  onClick={() => setOpen({ kind: 'codes' })}
                  data-testid="new-recovery-codes"
                >
                  New recovery codes
                </Button>
                <Button
                  variant="outline"
                  colorPalette="red"
                  minH="11"
                  onClick={() => setOpen({ kind: 'disable' })}
                  data-testid="disable-totp"
                >
                  Turn off
                </Button>
              </>
            ) : (
              <Button
                colorPalette="green"
                minH="11"
                onClick={() => setOpen({ kind: 'enrol' })}
                data-testid="enrol-totp"
              >
                Set up authenticator app
              </Button>
            )}
          </Flex>
        </Stack>
        <Stack gap="2" data-testid="passkeys-section">
          <Flex
            justify="space-between"
            align={{ base: 'stretch', md: 'center' }}
            direction={{ base: 'column', md: 'row' }}
            gap="2"
          >
            <Heading as="h3" size="sm" id="settings-passkeys-heading">
              Passkeys
            </Heading>
            <Button
              variant="outline"
              minH="11"
              onClick={() => setOpen({ kind: 'addPasskey' })}
              data-testid="add-passkey"
            >
              <LuFingerprint aria-hidden /> Add a passkey
            </Button>
          </Flex>
          <Text fontSize="sm" color="fg.muted">
            Sign in with your fingerprint, face or device PIN instead of a password, or use a passkey as your second
            step.
          </Text>
          {state.passkeys.length === 0 ? (
            <EmptyNotice icon={<LuFingerprint />} description="You have no passkeys." testId="passkeys-empty" />
          ) : (
            <Stack as="ul" aria-labelledby="settings-passkeys-heading" gap="2" listStyleType="none" m="0" p="0">
              {state.passkeys.map((p) => (
                <Flex
                  as="li"
                  key={p.id}
                  direction={{ base: 'column', md: 'row' }}
                  justify="space-between"
                  gap="2"
                  borderWidth="1px"
                  borderRadius="md"
                  p="3"
                  data-testid="passkey"
                >
                  <Stack gap="0" minW="0">
                    <Text fontWeight="medium" truncate>
                      {p.name}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      Added {date(p.createdAt)} ·{' '}
                      {p.lastUsedAt ? `Last used ${relativeTime(p.lastUsedAt)}` : 'Never used'}
                    </Text>
                  </Stack>
                  <Button
                    variant="outline"
                    colorPalette="red"
                    size={{ base: 'md', md: 'sm' }}
                    minH="11"
                    alignSelf={{ base: 'stretch', md: 'center' }}
                    aria-label={`Remove ${p.name}`}
                    onClick={() => setOpen({ kind: 'removePasskey', passkey: p })}
                  >
                    Remove
                  </Button>
                </Flex>
              ))}
            </Stack>
          )}
        </Stack>
      </Stack>
    );

  return (
    <Card.Root as="section" aria-labelledby="settings-twofactor-heading" data-testid="two-factor">
      <Card.Header>
        <Box>
          <Heading as="h2" size="md" id="settings-twofactor-heading">
            Two-factor sign-in
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            A second step after your password keeps your account safe even if someone learns it.
          </Text>
        </Box>
      </Card.Header>
      <Card.Body>{body}</Card.Body>
      {open?.kind === 'enrol' && <EnrolDialog onClose={close} />}
      {open?.kind === 'disable' && <DisableDialog onClose={close} />}
      {open?.kind === 'codes' && <NewCodesDialog onClose={close} />}
      {open?.kind === 'addPasskey' && <AddPasskeyDialog onClose={close} />}
      {open?.kind === 'removePasskey' && <RemovePasskeyDialog passkey={open.passkey} onClose={close} />}
    </Card.Root>
  );
}

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

function EnrolDialog({ onClose }: { onClose: () => void }) {
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
function ProofDialog({
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

function DisableDialog({ onClose }: { onClose: () => void }) {
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

function NewCodesDialog({ onClose }: { onClose: () => void }) {
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

function RemovePasskeyDialog({ passkey, onClose }: { passkey: PasskeyFieldsFragment; onClose: () => void }) {
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

function AddPasskeyDialog({ onClose }: { onClose: () => void }) {
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
