import { Box, Button, Card, Flex, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { LuMessageCircle, LuUsers } from 'react-icons/lu';
import { formatWholeKm } from '../../lib/distance';
import { errorMessage } from '../../lib/errors';
import { useNearbyUsersQuery, type NearbyUsersQuery } from './radar.generated';
import { EmptyNotice, LoadError, LoadingStatus, LoadMoreFooter } from '../../ui/LoadStates';
import { toaster } from '../../ui/toaster';
import { UserAvatar } from '../../ui/UserAvatar';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { useStartConversation } from '../messages';
import { RADAR_TEXT } from './radarText';

const NEARBY_PAGE = 20;
/** The radar scans again this often while the screen is open, so members who turn it off drop out. */
const RESCAN_MS = 30_000;

type NearbyUser = NearbyUsersQuery['nearbyUsers']['nodes'][number];

function MessageButton({ user }: { user: NearbyUser }) {
  const { start, loading } = useStartConversation();
  const open = async () => {
    try {
      await start({ memberId: user.id });
    } catch (err) {
      toaster.create({ type: 'error', title: 'Could not open the conversation', description: errorMessage(err) });
    }
  };
  return (
    <Button
      colorPalette="green"
      size="sm"
      minH="11"
      onClick={() => void open()}
      loading={loading}
      aria-label={`Message ${user.displayName}`}
    >
      <LuMessageCircle aria-hidden />
      Message
    </Button>
  );
}

function NearbyUserCard({ user }: { user: NearbyUser }) {
  return (
    <Card.Root size="sm" data-testid="nearby-user">
      <Card.Body>
        <Flex align="center" gap="3" wrap="wrap">
          <UserAvatar user={user} size="md" />
          <Box flex="1" minW="0">
            <Link to={`/profile/${user.id}`}>
              <Text fontWeight="semibold" truncate _hover={{ textDecoration: 'underline' }}>
                {user.displayName}
              </Text>
            </Link>
            <Text fontSize="sm" color="fg.muted">
              {formatWholeKm(user.distanceKm)} away
            </Text>
          </Box>
          <MessageButton user={user} />
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** The members with radar on within `radiusKm`, nearest first, a page at a time; scanned again every RESCAN_MS. */
export function NearbyUserList({ radiusKm }: { radiusKm: number }) {
  const nearby = useNearbyUsersQuery({
    variables: { radiusKm, first: NEARBY_PAGE },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
    pollInterval: RESCAN_MS,
    notifyOnNetworkStatusChange: false,
  });
  const connection = nearby.data?.nearbyUsers;
  const paging = usePagedConnection({ connection, fetchMore: nearby.fetchMore });
  if (nearby.error && !connection)
    return (
      <LoadError
        title={RADAR_TEXT.fetchFailed}
        error={nearby.error}
        onRetry={() => nearby.refetch()}
        testId="radar-error"
      />
    );
  if (!connection) return <LoadingStatus testId="radar-scanning">{RADAR_TEXT.scanning}</LoadingStatus>;
  if (!paging.nodes.length) {
    return (
      <EmptyNotice
        icon={<LuUsers />}
        title={RADAR_TEXT.noUsers}
        titleAs="h2"
        description={`No members with radar on within ${radiusKm} km. Try a larger radius, or look again later.`}
        testId="radar-empty"
      />
    );
  }
  return (
    <>
      <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Nearby members" data-testid="nearby-users">
        {paging.nodes.map((u) => (
          <li key={u.id}>
            <NearbyUserCard user={u} />
          </li>
        ))}
      </Stack>
      <Box ref={paging.sentinelRef} />
      <LoadMoreFooter
        hasNextPage={paging.hasNextPage}
        paging={paging}
        failedText="More nearby members could not be loaded."
        loadingText="Loading more nearby members..."
      />
    </>
  );
}
