import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { FaFacebook, FaGoogle } from 'react-icons/fa';
import { LuMail } from 'react-icons/lu';
import { useAppConfigQuery } from '../../ui/appConfig.generated';
import { FormError } from './forms';
import { pageNavigation } from '../../lib/navigation';
import { PasskeySignInButton, SecondStepForm } from './SecondStep';
import {
  ForgotPasswordForm,
  LinkButton,
  RESET_DONE_MESSAGE,
  ResetPasswordForm,
  SignInForm,
  SignUpForm,
} from './PasswordForms';

type Mode = 'start' | 'signin' | 'signup' | 'forgot';

/**
 * The landing page's sign-in card: the first choice (Google, Facebook, a passkey, e-mail), then the password forms,
 * the second step of a two-factor sign-in, and a password reset from the e-mailed link (`?reset=`).
 */
export function AuthCard() {
  const [searchParams, setSearchParams] = useSearchParams();
  const resetToken = searchParams.get('reset');
  const [mode, setMode] = useState<Mode>('start');
  const [notice, setNotice] = useState<string | null>(null);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  // The second step of a sign-in: after a password, or after Google or Facebook (`?twofactor=`, taken out of the
  // address).
  const [pending, setPending] = useState<string | null>(() => searchParams.get('twofactor'));
  useEffect(() => {
    if (searchParams.has('twofactor')) setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);
  const { data } = useAppConfigQuery();
  const config = data?.appConfig;

  const go = (next: Mode) => {
    setNotice(null);
    setMode(next);
  };

  let body: ReactNode = null;
  if (pending) {
    body = (
      <SecondStepForm
        pendingToken={pending}
        onBack={() => {
          setPending(null);
          go('signin');
        }}
      />
    );
  } else if (resetToken) {
    body = (
      <ResetPasswordForm
        token={resetToken}
        minLength={config?.passwordMinLength}
        onDone={() => {
          setSearchParams({}, { replace: true });
          setMode('signin');
          setNotice(RESET_DONE_MESSAGE);
        }}
      />
    );
  } else if (mode === 'signin') {
    body = (
      <SignInForm
        notice={notice}
        onForgot={() => go('forgot')}
        onSignUp={() => go('signup')}
        onSecondStep={setPending}
      />
    );
  } else if (mode === 'signup') {
    body = <SignUpForm minLength={config?.passwordMinLength} onSignIn={() => go('signin')} />;
  } else if (mode === 'forgot') {
    body = <ForgotPasswordForm onBack={() => go('signin')} />;
  }

  return (
    <Card.Root w="full" maxW="md" variant="elevated" data-testid="auth-card">
      <Card.Body>
        <Stack gap="5">
          <Stack gap="3">
            {config?.googleEnabled && (
              <Button variant="outline" onClick={() => pageNavigation.go('/api/login?provider=google')}>
                <FaGoogle aria-hidden /> Sign in with Google
              </Button>
            )}
            {config?.facebookEnabled && (
              <Button variant="outline" onClick={() => pageNavigation.go('/api/auth/facebook')}>
                <FaFacebook aria-hidden /> Sign in with Facebook
              </Button>
            )}
            <Button
              variant={mode === 'signin' ? 'subtle' : 'outline'}
              aria-pressed={mode === 'signin'}
              onClick={() => go('signin')}
            >
              <LuMail aria-hidden /> Email
            </Button>
            <PasskeySignInButton onError={setPasskeyError} />
            <FormError message={passkeyError} />
          </Stack>
          {body}
          {mode === 'start' && !resetToken && (
            <Text fontSize="sm" textAlign="center">
              New to Saffa? <LinkButton onClick={() => go('signup')}>Create an account</LinkButton>
            </Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
