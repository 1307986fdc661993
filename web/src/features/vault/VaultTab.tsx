import { useCallback, useEffect, useState } from 'react';
import { Badge, Box, Button, Card, Field, Flex, HStack, IconButton, Input, Link, Stack, Text } from '@chakra-ui/react';
import { LuFileText, LuKeyRound, LuLock, LuPlus, LuShieldCheck, LuTrash2 } from 'react-icons/lu';
import { CombinedGraphQLErrors } from '@apollo/client';
import {
  type VaultDocumentFieldsFragment,
  type VaultStatusFieldsFragment,
  useDeleteVaultDocumentMutation,
  useLockVaultMutation,
  useUnlockVaultMutation,
  useVaultDocumentsQuery,
  useVaultQuery,
} from './vault.generated';
import { errorMessage } from '../../lib/errors';
import { EmptyNotice, LoadError, LoadingStatus, LoadMoreFooter } from '../../ui/LoadStates';
import { toaster } from '../../ui/toaster';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { AddDocumentDialog } from './AddDocumentDialog';
import { VaultPasswordDialog, writeVault } from './VaultPasswordDialog';
import { formatDate, typeLabel } from './vaultText';

export const VAULT_PAGE_SIZE = 20;

const codeOf = (err: unknown) => (CombinedGraphQLErrors.is(err) ? err.errors[0]?.extensions?.code : undefined);

/**
 * The profile's Vault tab (spec 002) for the signed-in member: Set Vault Password when there is none; the unlock form
 * while locked (wrong password and too many tries answered under the field); unlocked, the documents with View,
 * delete (asked first) and 'Expiring Soon', 'No Documents Yet' with Add Document, Lock and Change Password. The
 * server locks the vault after a few minutes: the tab follows at that moment.
 */
export function VaultTab() {
  const { data, loading, error, refetch } = useVaultQuery({ fetchPolicy: 'cache-and-network' });
  const vault = data?.vault;
  const [dialog, setDialog] = useState<'set' | 'change' | 'add' | null>(null);
  const askAgain = useCallback(() => void refetch().catch(() => undefined), [refetch]);

  // The unlock ends on the server at unlockedUntil: ask again then, so the tab shows the locked state.
  const until = vault?.unlocked ? vault.unlockedUntil : null;
  useEffect(() => {
    if (!until) return undefined;
    const ms = Math.max(0, new Date(String(until)).getTime() - Date.now()) + 500;
    const timer = setTimeout(askAgain, Math.min(ms, 2_147_000_000));
    return () => clearTimeout(timer);
  }, [until, askAgain]);

  if (!vault) {
    if (error) return <LoadError title="Your vault could not be loaded." error={error} onRetry={() => refetch()} />;
    if (loading) return <LoadingStatus>Loading your vault...</LoadingStatus>;
    return null;
  }

  return (
    <Stack gap="4" data-testid="vault-tab">
      {!vault.hasPassword ? (
        <EmptyNotice
          icon={<LuShieldCheck />}
          title="Your Document Vault"
          description={
            <Stack align="center" gap="3">
              <Text>
                Keep your passport, visa, ID and licence safe, encrypted with a password only you know, and be reminded
                before they expire.
              </Text>
              <Button colorPalette="green" minH="11" onClick={() => setDialog('set')}>
                <LuKeyRound aria-hidden />
                Set Vault Password
              </Button>
            </Stack>
          }
          testId="vault-intro"
        />
      ) : !vault.unlocked ? (
        <UnlockForm />
      ) : (
        <UnlockedVault
          vault={vault}
          onAdd={() => setDialog('add')}
          onChangePassword={() => setDialog('change')}
          onLocked={askAgain}
        />
      )}
      {(dialog === 'set' || dialog === 'change') && (
        <VaultPasswordDialog
          change={dialog === 'change'}
          min={vault.minPasswordLength}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'add' && (
        <AddDocumentDialog
          types={vault.documentTypes}
          defaultReminderDays={vault.defaultReminderDays}
          maxReminderDays={vault.maxReminderDays}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}

/** The locked vault: its password, with the server's answer to a wrong one (or to too many) under the field. */
function UnlockForm() {
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [unlock, { loading }] = useUnlockVaultMutation({
    update: (cache, r) => writeVault(cache, r.data?.unlockVault),
  });
  return (
    <Card.Root maxW="md" w="full" mx="auto" data-testid="vault-locked">
      <Card.Body>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!password) return;
            setProblem(null);
            unlock({ variables: { password } })
              .then(() => setPassword(''))
              .catch((err) => setProblem(errorMessage(err)));
          }}
        >
          <Stack gap="4">
            <HStack gap="2">
              <LuLock aria-hidden />
              <Text fontWeight="semibold">Your vault is locked</Text>
            </HStack>
            <Field.Root invalid={!!problem}>
              <Field.Label>Vault Password</Field.Label>
              <Input
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoFocus
              />
              {problem && <Field.ErrorText role="alert">{problem}</Field.ErrorText>}
            </Field.Root>
            <Button
              type="submit"
              colorPalette="green"
              minH="11"
              loading={loading}
              loadingText="Unlocking..."
              disabled={!password}
            >
              Unlock Vault
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

function UnlockedVault({
  vault,
  onAdd,
  onChangePassword,
  onLocked,
}: {
  vault: VaultStatusFieldsFragment;
  onAdd: () => void;
  onChangePassword: () => void;
  onLocked: () => void;
}) {
  const { data, loading, error, refetch, fetchMore } = useVaultDocumentsQuery({
    variables: { first: VAULT_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const connection = data?.vaultDocuments;
  const paging = usePagedConnection({ connection, fetchMore });
  const [lock, locking] = useLockVaultMutation({ update: (cache, r) => writeVault(cache, r.data?.lockVault) });
  // The server locked the vault (its time ran out, or the password changed elsewhere): show the locked state.
  const lockedByServer = codeOf(error) === 'FORBIDDEN';
  useEffect(() => {
    if (lockedByServer) onLocked();
  }, [lockedByServer, onLocked]);

  return (
    <Stack gap="4">
      <Flex gap="2" wrap="wrap" justify="space-between" align="center">
        <Text color="fg.muted" fontSize="sm">
          Unlocked for {vault.unlockMinutes} minutes at most; your files are encrypted.
        </Text>
        <HStack gap="2" wrap="wrap" w={{ base: 'full', md: 'auto' }}>
          <Button colorPalette="green" minH="11" flex={{ base: '1', md: 'initial' }} onClick={onAdd}>
            <LuPlus aria-hidden />
            Add Document
          </Button>
          <Button variant="outline" minH="11" onClick={onChangePassword}>
            <LuKeyRound aria-hidden />
            Change Password
          </Button>
          <Button
            variant="outline"
            minH="11"
            loading={locking.loading}
            onClick={() =>
              void lock().catch((err) =>
                toaster.error({ title: 'Could not lock the vault', description: errorMessage(err) }),
              )
            }
          >
            <LuLock aria-hidden />
            Lock
          </Button>
        </HStack>
      </Flex>
      {error && !connection ? (
        <LoadError title="Your documents could not be loaded." error={error} onRetry={() => refetch()} />
      ) : !connection && loading ? (
        <LoadingStatus>Loading your documents...</LoadingStatus>
      ) : paging.nodes.length === 0 ? (
        <EmptyNotice
          icon={<LuFileText />}
          title="No Documents Yet"
          description={
            <Stack align="center" gap="3">
              <Text>Add your passport, visa, ID or licence to keep it safe and be reminded before it expires.</Text>
              <Button colorPalette="green" minH="11" onClick={onAdd}>
                <LuPlus aria-hidden />
                Add Document
              </Button>
            </Stack>
          }
          testId="vault-empty"
        />
      ) : (
        <>
          <Stack gap="3" as="ul" listStyleType="none" data-testid="vault-list">
            {paging.nodes.map((d) => (
              <DocumentRow key={d.id} doc={d} />
            ))}
          </Stack>
          <Box ref={paging.sentinelRef} />
          <LoadMoreFooter
            hasNextPage={paging.hasNextPage}
            paging={paging}
            failedText="More documents could not be loaded."
            loadingText="Loading more documents..."
          />
        </>
      )}
    </Stack>
  );
}

function DocumentRow({ doc }: { doc: VaultDocumentFieldsFragment }) {
  const [confirming, setConfirming] = useState(false);
  const [remove, { loading }] = useDeleteVaultDocumentMutation({
    update: (cache) => {
      cache.evict({ id: cache.identify({ __typename: 'VaultDocument', id: doc.id }) });
      cache.gc();
    },
  });
  const del = () =>
    remove({ variables: { id: doc.id } })
      .then(() =>
        toaster.success({ title: 'Document Deleted', description: `${doc.documentName} was removed from your vault.` }),
      )
      .catch((err) => toaster.error({ title: 'Could not delete the document', description: errorMessage(err) }));
  return (
    <Card.Root as="li" size="sm" data-testid="vault-document">
      <Card.Body>
        <Flex gap="3" align={{ base: 'start', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
          <HStack gap="3" flex="1" minW="0" align="start">
            <Box color="fg.muted" pt="1">
              <LuFileText aria-hidden />
            </Box>
            <Stack gap="1" minW="0">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="semibold" truncate>
                  {doc.documentName}
                </Text>
                {doc.expiringSoon && (
                  <Badge colorPalette="orange" variant="solid">
                    Expiring Soon
                  </Badge>
                )}
                {doc.expired && (
                  <Badge colorPalette="red" variant="solid">
                    Expired
                  </Badge>
                )}
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {typeLabel(doc.documentType)}
                {doc.expirationDate
                  ? ` · ${doc.expired ? 'Expired' : 'Expires'} ${formatDate(doc.expirationDate)}`
                  : ' · No expiry date'}
                {doc.expirationDate ? ` · Reminder ${doc.reminderDays} days before` : ''}
              </Text>
            </Stack>
          </HStack>
          {confirming ? (
            <HStack gap="2" role="alertdialog" aria-label={`Delete ${doc.documentName}?`} wrap="wrap">
              <Text fontSize="sm">Are you sure you want to delete this document?</Text>
              <Button
                size="sm"
                colorPalette="red"
                loading={loading}
                loadingText="Deleting..."
                onClick={() => void del()}
                autoFocus
              >
                Delete
              </Button>
              <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </HStack>
          ) : (
            <HStack gap="2">
              <Button asChild size="sm" variant="outline" minH="11">
                <Link
                  href={doc.fileUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`View ${doc.documentName}`}
                >
                  View
                </Link>
              </Button>
              <IconButton
                size="sm"
                variant="outline"
                minH="11"
                minW="11"
                aria-label={`Delete ${doc.documentName}`}
                onClick={() => setConfirming(true)}
              >
                <LuTrash2 />
              </IconButton>
            </HStack>
          )}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
