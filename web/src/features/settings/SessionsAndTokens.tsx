import { useState } from 'react';
import { Badge, Box, Button, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LuMonitorSmartphone } from 'react-icons/lu';
import { errorMessage } from '../../lib/errors';
import { relativeTime } from '../../lib/relativeTime';
import { EmptyNotice, LoadError, LoadingStatus } from '../../ui/LoadStates';
import { toaster } from '../../ui/toaster';
import { RevokeTokenDialog, SCOPE_LABELS } from './ApiTokens';
import {
  MySessionsDocument,
  useEndOtherSessionsMutation,
  useEndSessionMutation,
  useMySessionsQuery,
  type SessionFieldsFragment,
} from './sessions.generated';
import { useMyAccessTokensQuery, type AccessTokenFieldsFragment } from './tokens.generated';

const date = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * Settings' "Sessions and tokens": every browser signed in as the member (device, when it signed in, when last
 * seen, "This device"), with Sign out for each other one and "Sign out other sessions"; the personal access tokens
 * alongside, with Revoke. Ending a session signs that browser out at once (its live connections close too).
 */
export function SessionsAndTokens() {
  const sessions = useMySessionsQuery({ fetchPolicy: 'cache-and-network' });
  const tokens = useMyAccessTokensQuery({ fetchPolicy: 'cache-and-network' });
  const [endOthers, { loading: endingOthers }] = useEndOtherSessionsMutation({ refetchQueries: [MySessionsDocument] });
  const [revoking, setRevoking] = useState<AccessTokenFieldsFragment | null>(null);
  const list = sessions.data?.mySessions;
  const others = list?.filter((s) => !s.current).length ?? 0;

  const signOutOthers = async () => {
    try {
      const r = await endOthers();
      const n = r.data?.endOtherSessions ?? 0;
      toaster.success({
        title: 'Signed out other sessions',
        description: `${n} session${n === 1 ? '' : 's'} signed out.`,
      });
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err) });
    }
  };

  let sessionList;
  if (!list && sessions.loading) sessionList = <LoadingStatus testId="sessions-loading">Loading...</LoadingStatus>;
  else if (!list && sessions.error)
    sessionList = (
      <LoadError
        title="Could not load your sessions"
        error={sessions.error}
        onRetry={sessions.refetch}
        testId="sessions-error"
      />
    );
  else if (!list?.length)
    sessionList = (
      <EmptyNotice icon={<LuMonitorSmartphone />} description="No signed-in sessions." testId="sessions-empty" />
    );
  else
    sessionList = (
      <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label="Sessions">
        {list.map((s) => (
          <SessionItem key={s.id} session={s} />
        ))}
      </Stack>
    );

  const tokenList = tokens.data?.myAccessTokens;
  let tokenBody;
  if (!tokenList && tokens.loading)
    tokenBody = <LoadingStatus testId="session-tokens-loading">Loading...</LoadingStatus>;
  else if (!tokenList && tokens.error)
    tokenBody = (
      <LoadError
        title="Could not load your API tokens"
        error={tokens.error}
        onRetry={tokens.refetch}
        testId="session-tokens-error"
      />
    );
  else if (!tokenList?.length)
    tokenBody = (
      <Text fontSize="sm" color="fg.muted" data-testid="session-tokens-empty">
        No API tokens.
      </Text>
    );
  else
    tokenBody = (
      <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label="API tokens">
        {tokenList.map((t) => (
          <Flex
            as="li"
            key={t.id}
            direction={{ base: 'column', md: 'row' }}
            justify="space-between"
            gap="2"
            borderWidth="1px"
            borderRadius="md"
            p="3"
            data-testid="session-token"
          >
            <Stack gap="0" minW="0">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="medium" truncate>
                  {t.name}
                </Text>
                <Badge>{SCOPE_LABELS[t.scope]}</Badge>
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                API token · {t.lastUsedAt ? `Last used ${relativeTime(t.lastUsedAt)}` : 'Never used'}
              </Text>
            </Stack>
            <Button
              variant="outline"
              colorPalette="red"
              size={{ base: 'md', md: 'sm' }}
              minH="11"
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
    <Card.Root as="section" aria-labelledby="settings-sessions-heading" data-testid="sessions-and-tokens">
      <Card.Header>
        <Flex
          justify="space-between"
          align={{ base: 'stretch', md: 'center' }}
          direction={{ base: 'column', md: 'row' }}
          gap="3"
        >
          <Box>
            <Heading as="h2" size="md" id="settings-sessions-heading">
              Sessions and tokens
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              Where you are signed in, and the API tokens that can act as you. Sign out anything you do not recognise.
            </Text>
          </Box>
          {others > 0 && (
            <Button
              variant="outline"
              colorPalette="red"
              minH="11"
              flexShrink={0}
              loading={endingOthers}
              onClick={() => void signOutOthers()}
              data-testid="sign-out-others"
            >
              Sign out other sessions
            </Button>
          )}
        </Flex>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {sessionList}
          <Heading as="h3" size="sm">
            API tokens
          </Heading>
          {tokenBody}
        </Stack>
      </Card.Body>
      {revoking && <RevokeTokenDialog token={revoking} onClose={() => setRevoking(null)} />}
    </Card.Root>
  );
}

function SessionItem({ session: s }: { session: SessionFieldsFragment }) {
  const [end, { loading }] = useEndSessionMutation({
    update: (cache) => {
      cache.evict({ id: cache.identify({ __typename: 'Session', id: s.id }) });
      cache.gc();
    },
  });
  const signOut = async () => {
    try {
      await end({ variables: { id: s.id } });
      toaster.success({ title: 'Session signed out', description: s.device });
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err) });
    }
  };
  return (
    <Flex
      as="li"
      direction={{ base: 'column', md: 'row' }}
      justify="space-between"
      gap="2"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      data-testid="session"
      data-current={s.current || undefined}
    >
      <Stack gap="0" minW="0">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="medium">{s.device}</Text>
          {s.current && <Badge colorPalette="green">This device</Badge>}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          Signed in {date(s.createdAt)} · {s.current ? 'Active now' : `Last seen ${relativeTime(s.lastSeenAt)}`}
        </Text>
      </Stack>
      {!s.current && (
        <Button
          variant="outline"
          size={{ base: 'md', md: 'sm' }}
          minH="11"
          alignSelf={{ base: 'stretch', md: 'center' }}
          loading={loading}
          onClick={() => void signOut()}
          aria-label={`Sign out ${s.device}, last seen ${relativeTime(s.lastSeenAt)}`}
        >
          Sign out
        </Button>
      )}
    </Flex>
  );
}
