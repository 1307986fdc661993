import { useState } from 'react';
import { Button, Card, Checkbox, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from '../../lib/errors';
import { toaster } from '../../ui/toaster';
import { MySessionsDocument, useChangePasswordMutation } from './sessions.generated';
import { MyAccessTokensDocument } from './tokens.generated';
import { MyWebhooksDocument } from './webhooks.generated';

/**
 * Settings' "Change password": the current and the new password, and whether to also revoke the member's API tokens
 * and turn off their webhooks (checked by default: after a password change, what someone else may have set up stops).
 * Other sessions always end; this one stays.
 */
export function ChangePassword() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [revoke, setRevoke] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [change, { loading }] = useChangePasswordMutation({
    refetchQueries: [MySessionsDocument, MyAccessTokensDocument, MyWebhooksDocument],
  });

  const submit = async () => {
    if (!current || !next) return setError('Enter your current and your new password.');
    setError(null);
    try {
      await change({ variables: { currentPassword: current, newPassword: next, keepTokensAndWebhooks: !revoke } });
      setCurrent('');
      setNext('');
      toaster.success({
        title: 'Password changed',
        description: revoke
          ? 'Your other sessions were signed out, your API tokens revoked and your webhooks turned off.'
          : 'Your other sessions were signed out.',
      });
    } catch (err) {
      setError(errorMessage(err, 'Could not change your password. Please try again.'));
    }
  };

  return (
    <Card.Root as="section" aria-labelledby="settings-password-heading" data-testid="change-password">
      <Card.Header>
        <Heading as="h2" size="md" id="settings-password-heading">
          Change password
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Your other sessions are signed out; this one stays.
        </Text>
      </Card.Header>
      <Card.Body>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="4" maxW={{ md: 'md' }}>
            <Field.Root required>
              <Field.Label>Current password</Field.Label>
              <Input
                type="password"
                autoComplete="current-password"
                value={current}
                onChange={(e) => setCurrent(e.target.value)}
                data-testid="current-password"
              />
            </Field.Root>
            <Field.Root required invalid={!!error}>
              <Field.Label>New password</Field.Label>
              <Input
                type="password"
                autoComplete="new-password"
                value={next}
                onChange={(e) => setNext(e.target.value)}
                data-testid="new-password"
              />
              {error && <Field.ErrorText data-testid="change-password-error">{error}</Field.ErrorText>}
            </Field.Root>
            <Checkbox.Root checked={revoke} onCheckedChange={(c) => setRevoke(!!c.checked)} data-testid="revoke-access">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Also revoke my API tokens and turn off my webhooks</Checkbox.Label>
            </Checkbox.Root>
            <Button
              type="submit"
              colorPalette="green"
              minH="11"
              alignSelf="flex-start"
              loading={loading}
              loadingText="Changing..."
            >
              Change password
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
