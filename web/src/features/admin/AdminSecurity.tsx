import type { ReactNode } from 'react';
import { Alert, Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { CombinedGraphQLErrors } from '@apollo/client';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../lib/errors';
import { LoadingStatus } from '../../ui/LoadStates';
import { SwitchField } from '../../ui/SwitchField';
import { toaster } from '../../ui/toaster';
import {
  SecuritySettingsDocument,
  useSecuritySettingsQuery,
  useSetRequireTwoFactorForAdminsMutation,
  type SecuritySettingsQuery,
} from './security.generated';

const mustEnrol = (error: unknown) =>
  CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.reason === 'TWO_FACTOR_REQUIRED');

/**
 * The admin panel's gate and security card. While "require two-factor sign-in for admins" is on, an admin without a
 * second factor sees only where to set it up (the server refuses their admin operations anyway); otherwise the panel
 * shows, with the setting above it.
 */
export function AdminSecurityGate({ children }: { children: ReactNode }) {
  const settings = useSecuritySettingsQuery({ fetchPolicy: 'cache-and-network' });
  const [setRequired, { loading }] = useSetRequireTwoFactorForAdminsMutation({
    // The settings have no id to normalise by: the answer replaces the query's.
    update: (cache, { data }) => {
      if (data)
        cache.writeQuery<SecuritySettingsQuery>({
          query: SecuritySettingsDocument,
          data: { securitySettings: data.setRequireTwoFactorForAdmins },
        });
    },
  });

  if (mustEnrol(settings.error))
    return (
      <Alert.Root status="warning" data-testid="admin-needs-2fa">
        <Alert.Indicator />
        <Stack gap="2">
          <Alert.Title>Turn on two-factor sign-in to use the admin panel</Alert.Title>
          <Alert.Description>
            Administrators of this site must sign in with a second step: an authenticator app or a passkey.
          </Alert.Description>
          <Button asChild colorPalette="green" alignSelf="flex-start" minH="11">
            <RouterLink to="/profile?tab=settings">Set up two-factor sign-in</RouterLink>
          </Button>
        </Stack>
      </Alert.Root>
    );

  const change = async (on: boolean) => {
    try {
      await setRequired({ variables: { on } });
      toaster.success({
        title: on
          ? 'Two-factor sign-in is now required for admins'
          : 'Two-factor sign-in is no longer required for admins',
      });
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err) });
    }
  };
  const current = settings.data?.securitySettings;

  return (
    <Stack gap="5">
      <Card.Root as="section" aria-labelledby="admin-security-heading" data-testid="admin-security">
        <Card.Header>
          <Heading as="h2" size="md" id="admin-security-heading">
            Security
          </Heading>
        </Card.Header>
        <Card.Body>
          {!current && settings.loading ? (
            <LoadingStatus>Loading...</LoadingStatus>
          ) : !current ? (
            <Text color="fg.error">{errorMessage(settings.error, 'Could not load the security settings.')}</Text>
          ) : (
            <SwitchField
              label="Require two-factor sign-in for admins"
              description={
                'Admins without an authenticator app or a passkey can ' + 'use no admin tool until they set one up.'
              }
              checked={current.requireTwoFactorForAdmins}
              disabled={loading}
              onChange={(on) => void change(on)}
              testId="require-admin-2fa"
            />
          )}
        </Card.Body>
      </Card.Root>
      {children}
    </Stack>
  );
}
