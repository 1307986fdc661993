import { useState, type FormEvent } from 'react';
import { Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { LuFingerprint } from 'react-icons/lu';
import type { ApolloCache } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { errorMessage } from '../../lib/errors';
import { MeDocument, type MeQuery, type SessionUserFragment } from '../../ui/session.generated';
import { FormError } from './forms';
import {
  useCompleteSignInMutation,
  usePasskeySignInOptionsMutation,
  useSignInWithPasskeyMutation,
} from './twofactor.generated';

/** The pending sign-in token of a TWO_FACTOR_REQUIRED answer (the password was right; a second step is needed). */
export function pendingTokenOf(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const ext = error.errors.find((e) => e.extensions?.reason === 'TWO_FACTOR_REQUIRED')?.extensions;
  return typeof ext?.pendingToken === 'string' ? ext.pendingToken : null;
}

function storeSessionUser(cache: ApolloCache, user: SessionUserFragment | undefined | null) {
  if (user) cache.writeQuery<MeQuery>({ query: MeDocument, data: { me: user } });
}

const passkeyError = (err: unknown) =>
  err instanceof Error && err.name === 'NotAllowedError'
    ? 'No passkey was used: the request was cancelled or timed out.'
    : errorMessage(err);

/** Signs in with a passkey: password-less without `pendingToken`, or as the second step with it. */
export function usePasskeySignIn() {
  const [options] = usePasskeySignInOptionsMutation();
  const [signIn] = useSignInWithPasskeyMutation({
    update: (cache, { data }) => storeSessionUser(cache, data?.signInWithPasskey),
  });
  return async (pendingToken: string | null) => {
    const challenge = (await options({ variables: { pendingToken } })).data!.passkeySignInOptions;
    const response = await startAuthentication({ optionsJSON: JSON.parse(challenge.options) });
    await signIn({ variables: { challengeId: challenge.id, response: JSON.stringify(response), pendingToken } });
  };
}

/** The landing screen's "Sign in with a passkey" (no e-mail, no password: a discoverable passkey). */
export function PasskeySignInButton({ onError }: { onError: (message: string | null) => void }) {
  const signIn = usePasskeySignIn();
  const [busy, setBusy] = useState(false);
  if (!browserSupportsWebAuthn()) return null;
  const go = async () => {
    onError(null);
    setBusy(true);
    try {
      await signIn(null);
    } catch (err) {
      onError(passkeyError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outline"
      loading={busy}
      loadingText="Waiting for your passkey..."
      onClick={() => void go()}
      data-testid="passkey-sign-in"
    >
      <LuFingerprint aria-hidden /> Sign in with a passkey
    </Button>
  );
}

/** The second step of a sign-in: a code from the authenticator app, a recovery code, or a passkey. */
export function SecondStepForm({ pendingToken, onBack }: { pendingToken: string; onBack: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [complete, { loading }] = useCompleteSignInMutation({
    update: (cache, { data }) => storeSessionUser(cache, data?.completeSignIn),
  });
  const passkey = usePasskeySignIn();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError('Enter the code from your app or a recovery code.');
    setError(null);
    try {
      await complete({ variables: { pendingToken, code: code.trim() } });
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const signInWithPasskey = async () => {
    setError(null);
    setPasskeyBusy(true);
    try {
      await passkey(pendingToken);
    } catch (err) {
      setError(passkeyError(err));
    } finally {
      setPasskeyBusy(false);
    }
  };

  return (
    <Stack as="form" gap="4" onSubmit={onSubmit} aria-labelledby="second-step-heading" data-testid="second-step">
      <Heading as="h2" id="second-step-heading" size="md">
        Two-factor sign-in
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        Enter the 6-digit code from your authenticator app, or one of your recovery codes.
      </Text>
      <FormError message={error} />
      <Field.Root required>
        <Field.Label>Code</Field.Label>
        <Input
          name="code"
          inputMode="text"
          autoComplete="one-time-code"
          maxLength={20}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoFocus
          data-testid="second-step-code"
        />
      </Field.Root>
      <Button type="submit" colorPalette="green" loading={loading}>
        Verify
      </Button>
      {browserSupportsWebAuthn() && (
        <Button
          variant="outline"
          loading={passkeyBusy}
          loadingText="Waiting for your passkey..."
          onClick={() => void signInWithPasskey()}
        >
          <LuFingerprint aria-hidden /> Use a passkey instead
        </Button>
      )}
      <Button
        variant="plain"
        size="sm"
        px="0"
        h="auto"
        colorPalette="green"
        color="colorPalette.fg"
        alignSelf="flex-start"
        onClick={onBack}
      >
        Back to sign in
      </Button>
    </Stack>
  );
}
