import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Field, Flex, Heading, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { ApolloCache } from '@apollo/client';
import { Link as RouterLink } from 'react-router';
import {
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useSignInMutation,
  useSignUpMutation,
} from './auth.generated';
import { MeDocument, type MeQuery, type SessionUserFragment } from '../../ui/session.generated';
import { errorMessage } from '../../lib/errors';
import { FormError, NameFields, useAuthForm } from './forms';
import { pendingTokenOf } from './SecondStep';

/** The landing page's e-mail and password forms: sign in, sign up, forgot password, reset password. */

export const RESET_SENT_MESSAGE = 'If an account exists for that email, a reset link is on its way.';
export const RESET_DONE_MESSAGE = 'Your password has been changed. Sign in with your new password.';
/** Puts the signed-in member into the cache so the session gate shows the app at once, without a reload. */
function storeSessionUser(cache: ApolloCache, user: SessionUserFragment | undefined | null) {
  if (!user) return;
  cache.writeQuery<MeQuery>({ query: MeDocument, data: { me: user } });
}

function FormNotice({ children }: { children: ReactNode }) {
  return (
    <Alert.Root status="success" role="status" size="sm">
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}

export function LinkButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <Button variant="plain" size="sm" px="0" h="auto" colorPalette="green" color="colorPalette.fg" onClick={onClick}>
      {children}
    </Button>
  );
}

export function SignInForm({
  notice,
  onForgot,
  onSignUp,
  onSecondStep,
}: {
  notice?: string | null;
  onForgot: () => void;
  onSignUp: () => void;
  onSecondStep: (pendingToken: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [signIn, { loading }] = useSignInMutation({
    update: (cache, { data }) => storeSessionUser(cache, data?.signIn),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await signIn({ variables: { input: { email: email.trim(), password } } });
    } catch (err) {
      const pending = pendingTokenOf(err);
      if (pending) return onSecondStep(pending);
      setError(errorMessage(err));
    }
  };

  return (
    <Stack as="form" gap="4" onSubmit={onSubmit} aria-labelledby="signin-heading">
      <Heading as="h2" id="signin-heading" size="md">
        Sign in with email
      </Heading>
      {notice && <FormNotice>{notice}</FormNotice>}
      <FormError message={error} />
      <EmailField value={email} onChange={setEmail} />
      <Field.Root required>
        <Field.Label>Password</Field.Label>
        <Input
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field.Root>
      <Button type="submit" colorPalette="green" loading={loading}>
        Sign in
      </Button>
      <Flex justify="space-between" wrap="wrap" gap="2">
        <LinkButton onClick={onForgot}>Forgot password?</LinkButton>
        <LinkButton onClick={onSignUp}>Create an account</LinkButton>
      </Flex>
    </Stack>
  );
}

export function SignUpForm({ minLength, onSignIn }: { minLength?: number; onSignIn: () => void }) {
  const [signUp, { loading }] = useSignUpMutation({
    update: (cache, { data }) => storeSessionUser(cache, data?.signUp),
  });
  const { form, set, error, onSubmit } = useAuthForm({ firstName: '', lastName: '', email: '', password: '' }, (f) =>
    signUp({
      variables: {
        input: {
          firstName: f.firstName.trim(),
          lastName: f.lastName.trim(),
          email: f.email.trim(),
          password: f.password,
        },
      },
    }),
  );

  return (
    <Stack as="form" gap="4" onSubmit={onSubmit} aria-labelledby="signup-heading">
      <Heading as="h2" id="signup-heading" size="md">
        Create your account
      </Heading>
      <FormError message={error} />
      <NameFields firstName={form.firstName} lastName={form.lastName} set={set} />
      <Field.Root required>
        <Field.Label>Email</Field.Label>
        <Input type="email" name="email" autoComplete="email" value={form.email} onChange={set('email')} />
      </Field.Root>
      <Field.Root required>
        <Field.Label>Password</Field.Label>
        <Input
          type="password"
          name="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
        />
        {minLength ? (
          <Field.HelperText>At least {minLength} characters, and not a common password.</Field.HelperText>
        ) : null}
      </Field.Root>
      <Text fontSize="xs" color="fg.muted">
        By creating an account you confirm you are at least 18 and accept our{' '}
        <ChakraLink asChild colorPalette="green" color="colorPalette.fg">
          <RouterLink to="/terms">Terms</RouterLink>
        </ChakraLink>{' '}
        and{' '}
        <ChakraLink asChild colorPalette="green" color="colorPalette.fg">
          <RouterLink to="/privacy">Privacy Policy</RouterLink>
        </ChakraLink>
        .
      </Text>
      <Button type="submit" colorPalette="green" loading={loading}>
        Create account
      </Button>
      <Text fontSize="sm">
        Already a member? <LinkButton onClick={onSignIn}>Sign in with email</LinkButton>
      </Text>
    </Stack>
  );
}

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [requestReset, { loading }] = useRequestPasswordResetMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await requestReset({ variables: { email: email.trim() } });
      setSent(true);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Stack as="form" gap="4" onSubmit={onSubmit} aria-labelledby="forgot-heading">
      <Heading as="h2" id="forgot-heading" size="md">
        Reset your password
      </Heading>
      {sent ? (
        <FormNotice>{RESET_SENT_MESSAGE}</FormNotice>
      ) : (
        <>
          <Text fontSize="sm" color="fg.muted">
            Enter the email you signed up with and we will send you a link to choose a new password.
          </Text>
          <FormError message={error} />
          <EmailField value={email} onChange={setEmail} />
          <Button type="submit" colorPalette="green" loading={loading}>
            Send reset link
          </Button>
        </>
      )}
      <LinkButton onClick={onBack}>Back to sign in</LinkButton>
    </Stack>
  );
}

export function ResetPasswordForm({
  token,
  minLength,
  onDone,
}: {
  token: string;
  minLength?: number;
  onDone: () => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resetPassword, { loading }] = useResetPasswordMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await resetPassword({ variables: { token, password } });
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Stack as="form" gap="4" onSubmit={onSubmit} aria-labelledby="reset-heading">
      <Heading as="h2" id="reset-heading" size="md">
        Choose a new password
      </Heading>
      <FormError message={error} />
      <Field.Root required>
        <Field.Label>New password</Field.Label>
        <Input
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {minLength ? (
          <Field.HelperText>At least {minLength} characters, and not a common password.</Field.HelperText>
        ) : null}
      </Field.Root>
      <Button type="submit" colorPalette="green" loading={loading}>
        Set new password
      </Button>
    </Stack>
  );
}

/** The e-mail field every form of this screen asks for first. */
function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field.Root required>
      <Field.Label>Email</Field.Label>
      <Input type="email" name="email" autoComplete="email" value={value} onChange={(e) => onChange(e.target.value)} />
    </Field.Root>
  );
}
