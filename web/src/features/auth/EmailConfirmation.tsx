import { useEffect, useRef, useState } from 'react';
import { Alert, Button } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { useResendVerificationEmailMutation, useVerifyEmailMutation } from './auth.generated';
import { MeDocument } from '../../ui/session.generated';
import { errorMessage } from '../../lib/errors';
import { toaster } from '../../ui/toaster';

export const EMAIL_CONFIRMED_MESSAGE = 'Your email is confirmed.';

/** Uses a confirmation link (`/?verify=<token>`) once, signed in or not, and takes the token out of the address. */
export function useEmailConfirmationLink(): void {
  const [params, setParams] = useSearchParams();
  const token = params.get('verify');
  const [verify] = useVerifyEmailMutation({ refetchQueries: [MeDocument] });
  const used = useRef<string | null>(null);
  useEffect(() => {
    if (!token || used.current === token) return;
    used.current = token;
    setParams(
      (p) => {
        p.delete('verify');
        return p;
      },
      { replace: true },
    );
    verify({ variables: { token } }).then(
      () => toaster.create({ type: 'success', title: EMAIL_CONFIRMED_MESSAGE }),
      (err) => toaster.create({ type: 'error', title: 'Error', description: errorMessage(err) }),
    );
  }, [token, setParams, verify]);
}

/** Marks a member whose address is not confirmed yet: until it is, no Google sign-in can be linked to the account. */
export function EmailConfirmBanner({ email }: { email: string }) {
  const [resend, { loading }] = useResendVerificationEmailMutation();
  const [sent, setSent] = useState(false);
  const onResend = async () => {
    try {
      await resend();
      setSent(true);
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err) });
    }
  };
  return (
    <Alert.Root status="warning" size="sm" borderRadius="0" data-testid="email-confirm-banner">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Confirm your email</Alert.Title>
        <Alert.Description>
          {sent ? `We sent a new link to ${email}.` : `Open the link we sent to ${email} to confirm it is yours.`}
        </Alert.Description>
      </Alert.Content>
      {!sent && (
        <Button size="xs" variant="outline" loading={loading} onClick={onResend}>
          Send again
        </Button>
      )}
    </Alert.Root>
  );
}
