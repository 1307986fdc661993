import { useState } from 'react';
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
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { LuKeyRound } from 'react-icons/lu';
import type { AccessTokenScope } from '../../gql/graphql';
import { errorMessage } from '../../lib/errors';
import { relativeTime } from '../../lib/relativeTime';
import { DialogFrame, FormDialogActions } from '../../ui/DialogFrame';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyNotice, LoadError, LoadingStatus } from '../../ui/LoadStates';
import { isAdmin, useOptionalSession } from '../../ui/session';
import { toaster } from '../../ui/toaster';
import { SecretOnceDialog } from './SecretOnce';
import {
  MyAccessTokensDocument,
  useCreateAccessTokenMutation,
  useMyAccessTokensQuery,
  useRevokeAccessTokenMutation,
  type AccessTokenFieldsFragment,
} from './tokens.generated';

/** The expiries a member may choose (the server accepts 30, 90 or 365 days, or none). */
export const TOKEN_EXPIRIES: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'Never' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '365 days' },
];
export const SCOPE_LABELS: Record<AccessTokenScope, string> = {
  read: 'Read only',
  readWrite: 'Read and write',
  admin: 'Admin (one day)',
};
const MAX_NAME = 60;

const date = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * Settings' API tokens: the member's personal access tokens for integrations (name, scope, prefix, created, last
 * used, expiry), a dialog to create one that shows its secret once with Copy, and Revoke with a confirmation.
 */
export function ApiTokens() {
  const tokens = useMyAccessTokensQuery({ fetchPolicy: 'cache-and-network' });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<AccessTokenFieldsFragment | null>(null);
  const list = tokens.data?.myAccessTokens;

  let body;
  if (!list && tokens.loading) body = <LoadingStatus testId="tokens-loading">Loading...</LoadingStatus>;
  else if (!list && tokens.error)
    body = (
      <LoadError
        title="Could not load your API tokens"
        error={tokens.error}
        onRetry={tokens.refetch}
        testId="tokens-error"
      />
    );
  else if (!list?.length)
    body = <EmptyNotice icon={<LuKeyRound />} description="You have no API tokens." testId="tokens-empty" />;
  else
    body = (
      <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
        {list.map((t) => (
          <Flex
            as="li"
            key={t.id}
            direction={{ base: 'column', md: 'row' }}
            justify="space-between"
            gap="3"
            borderWidth="1px"
            borderRadius="md"
            p="3"
            data-testid="api-token"
          >
            <Stack gap="1" minW="0">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="medium" truncate>
                  {t.name}
                </Text>
                <Badge colorPalette={t.scope === 'admin' ? 'red' : t.scope === 'readWrite' ? 'orange' : 'gray'}>
                  {SCOPE_LABELS[t.scope]}
                </Badge>
              </HStack>
              <Code w="fit-content">{t.prefix}…</Code>
              <Text fontSize="sm" color="fg.muted">
                Created {date(t.createdAt)} ·{' '}
                {t.lastUsedAt ? `Last used ${relativeTime(t.lastUsedAt)}` : 'Never ' + 'used'} ·{' '}
                {t.expiresAt
                  ? `${new Date(t.expiresAt).getTime() < Date.now() ? 'Expired' : 'Expires'} ${date(t.expiresAt)}`
                  : 'Never expires'}
              </Text>
            </Stack>
            <Button
              variant="outline"
              colorPalette="red"
              size={{ base: 'md', md: 'sm' }}
              minH="11"
              flexShrink={0}
              alignSelf={{ base: 'stretch', md: 'center' }}
              onClick={() => setRevoking(t)}
              aria-label={`Revoke ${t.name}`}
            >
              Revoke
            </Button>
          </Flex>
        ))}
      </Stack>
    );

  return (
    <Card.Root as="section" aria-labelledby="settings-tokens-heading" data-testid="api-tokens">
      <Card.Header>
        <Flex
          justify="space-between"
          align={{ base: 'stretch', md: 'center' }}
          direction={{ base: 'column', md: 'row' }}
          gap="3"
        >
          <Box>
            <Heading as="h2" size="md" id="settings-tokens-heading">
              API tokens
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              Personal access tokens let your own scripts and integrations use the Saffa API as you. They cannot open
              your vault.
            </Text>
          </Box>
          <Button
            colorPalette="green"
            minH="11"
            flexShrink={0}
            onClick={() => setCreating(true)}
            data-testid="create-token"
          >
            Create token
          </Button>
        </Flex>
      </Card.Header>
      <Card.Body>{body}</Card.Body>
      {creating && <CreateTokenDialog onClose={() => setCreating(false)} />}
      {revoking && <RevokeTokenDialog token={revoking} onClose={() => setRevoking(null)} />}
    </Card.Root>
  );
}

function CreateTokenDialog({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<AccessTokenScope>('read');
  const [expiry, setExpiry] = useState('90');
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const admin = isAdmin(useOptionalSession());
  const [create, { loading }] = useCreateAccessTokenMutation({
    refetchQueries: [MyAccessTokensDocument],
    awaitRefetchQueries: false,
  });

  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setError('Name is required.');
    if (trimmed.length > MAX_NAME) return setError(`Name must be at most ${MAX_NAME} characters.`);
    setError(null);
    try {
      const expiresInDays = scope === 'admin' ? 1 : expiry ? Number(expiry) : null;
      const r = await create({ variables: { input: { name: trimmed, scope, expiresInDays } } });
      setSecret(r.data?.createAccessToken.secret ?? null);
    } catch (err) {
      setError(errorMessage(err, 'Could not create the token. Please try again.'));
    }
  };

  if (secret)
    return (
      <SecretOnceDialog
        onClose={onClose}
        title="Your new API token"
        secret={secret}
        copiedTitle="Token copied"
        testId="token-created-dialog"
        secretTestId="token-secret"
      >
        <Text fontSize="sm" color="fg.muted">
          Send it as <Code>Authorization: Bearer &lt;token&gt;</Code>.
        </Text>
      </SecretOnceDialog>
    );

  return (
    <DialogFrame
      onClose={onClose}
      title="Create API token"
      testId="create-token-dialog"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      footer={<FormDialogActions submitLabel="Create token" loading={loading} loadingText="Creating..." />}
    >
      <Stack gap="4">
        <Field.Root required invalid={!!error}>
          <Field.Label>
            Name <Field.RequiredIndicator />
          </Field.Label>
          <Input
            value={name}
            maxLength={MAX_NAME}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. Website sync"
            data-testid="token-name"
            autoFocus
          />
          {error ? (
            <Field.ErrorText data-testid="token-error">{error}</Field.ErrorText>
          ) : (
            <Field.HelperText>What will use it.</Field.HelperText>
          )}
        </Field.Root>
        <Field.Root>
          <Field.Label>Access</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={scope}
              onChange={(e) => setScope(e.currentTarget.value as AccessTokenScope)}
              data-testid="token-scope"
            >
              <option value="read">{SCOPE_LABELS.read}</option>
              <option value="readWrite">{SCOPE_LABELS.readWrite}</option>
              {admin && <option value="admin">{SCOPE_LABELS.admin}</option>}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {scope === 'admin' && (
            <Field.HelperText>
              Admin operations too; it expires in a day and is recorded in the audit log.
            </Field.HelperText>
          )}
        </Field.Root>
        <Field.Root>
          <Field.Label>Expires</Field.Label>
          <NativeSelect.Root disabled={scope === 'admin'}>
            <NativeSelect.Field
              value={scope === 'admin' ? '1' : expiry}
              onChange={(e) => setExpiry(e.currentTarget.value)}
              data-testid="token-expiry"
            >
              {scope === 'admin' && <option value="1">1 day</option>}
              {TOKEN_EXPIRIES.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Stack>
    </DialogFrame>
  );
}

export function RevokeTokenDialog({ token, onClose }: { token: AccessTokenFieldsFragment; onClose: () => void }) {
  const [revoke, { loading }] = useRevokeAccessTokenMutation();
  const confirm = async () => {
    try {
      await revoke({
        variables: { id: token.id },
        update: (cache) => {
          cache.evict({ id: cache.identify({ __typename: 'AccessToken', id: token.id }) });
          cache.gc();
        },
      });
      toaster.success({ title: 'Token revoked', description: `${token.name} no longer works.` });
      onClose();
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err) });
    }
  };
  return (
    <ConfirmDialog
      title="Revoke this token?"
      testId="revoke-token-dialog"
      onClose={onClose}
      confirmLabel="Revoke"
      loading={loading}
      loadingText="Revoking..."
      onConfirm={() => void confirm()}
    >
      <Text>Anything using {token.name} stops working at once. This cannot be undone.</Text>
    </ConfirmDialog>
  );
}
