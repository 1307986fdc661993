import { useState, type ReactNode } from 'react';
import { Badge, Box, Button, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LuFingerprint } from 'react-icons/lu';
import { relativeTime } from '../../lib/relativeTime';
import { EmptyNotice, LoadError, LoadingStatus } from '../../ui/LoadStates';
import { useTwoFactorStatusQuery, type PasskeyFieldsFragment } from './twofactor.generated';
import { AddPasskeyDialog, RemovePasskeyDialog } from './PasskeyDialogs';
import { DisableDialog, EnrolDialog, NewCodesDialog } from './TotpDialogs';

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
