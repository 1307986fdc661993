import type { ReactNode } from 'react';
import { Box, Button, CloseButton, Dialog, HStack, Portal, Stack } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { useMyFriendsQuery } from './friends.generated';
import { errorMessage } from '../../lib/errors';
import { toaster } from '../../ui/toaster';
import { useStartConversation } from '../messages';
import {
  FriendRequestsContent,
  FriendSuggestionsContent,
  Person,
  SectionState,
  mutualFriendsText,
} from './FriendLists';
import { SectionHeading } from '../../ui/SectionHeading';

function Section({
  id,
  title,
  subtitle,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Box as="section" aria-labelledby={id}>
      <SectionHeading id={id} title={title} subtitle={subtitle} as="h3" mb="2" />
      {children}
    </Box>
  );
}

function FriendRequestsSection() {
  return (
    <Section id="friend-requests-heading" title="Friend requests">
      <FriendRequestsContent />
    </Section>
  );
}

function MyFriendsSection({ onView, onClose }: { onView: () => void; onClose: () => void }) {
  const { data, loading, error, refetch } = useMyFriendsQuery({ fetchPolicy: 'cache-and-network' });
  const conversation = useStartConversation();
  const message = async (memberId: string) => {
    try {
      await conversation.start({ memberId });
      onClose();
    } catch (err) {
      toaster.create({ type: 'error', title: 'Could not open the conversation', description: errorMessage(err) });
    }
  };
  const friends = data?.friends ?? [];
  return (
    <Section id="my-friends-heading" title={data ? `My Friends (${friends.length})` : 'My Friends'}>
      <SectionState
        loading={loading && !data}
        error={!data && error}
        empty={friends.length === 0}
        label="friends"
        emptyText="No friends yet. Add someone below to get started."
        onRetry={() => void refetch().catch(() => undefined)}
      />
      {friends.length > 0 && (
        <Stack as="ul" gap="0" listStyleType="none" m="0" p="0">
          {friends.map((friend) => (
            <Person key={friend.user.id} user={friend.user} detail={mutualFriendsText(friend.mutualFriendCount)}>
              <HStack gap="1">
                <Button
                  size="xs"
                  colorPalette="green"
                  aria-label={`Message ${friend.user.displayName}`}
                  disabled={conversation.loading}
                  onClick={() => void message(friend.user.id)}
                >
                  Message
                </Button>
                <Button size="xs" variant="outline" onClick={onView}>
                  View
                </Button>
              </HStack>
            </Person>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function DiscoverSection() {
  return (
    <Section id="discover-friends-heading" title="Discover New Friends" subtitle="Friends of your friends">
      <FriendSuggestionsContent />
    </Section>
  );
}

interface FriendsPanelProps {
  open: boolean;
  onClose: () => void;
}

/** Friend requests, friends and suggestions, in a panel fixed at the top right; Escape or the close button close it. */
export function FriendsPanel({ open, onClose }: FriendsPanelProps) {
  const navigate = useNavigate();
  const view = () => {
    onClose();
    void navigate('/profile');
  };
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Positioner
          justifyContent="flex-end"
          alignItems="flex-start"
          px={{ base: '2', md: '4' }}
          pt={{ base: '3.75rem', md: '4.25rem' }}
        >
          <Dialog.Content
            data-testid="friends-panel"
            w="full"
            maxW="24rem"
            maxH={{ base: 'calc(100dvh - 4.5rem)', md: 'calc(100dvh - 5.5rem)' }}
            m="0"
            borderWidth="1px"
            boxShadow="xl"
          >
            <Dialog.Header px="4" pt="4" pb="3" borderBottomWidth="1px">
              <Dialog.Title fontSize="lg">Friends</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body px="4" py="3" overflowY="auto">
              <Stack gap="5">
                <FriendRequestsSection />
                <MyFriendsSection onView={view} onClose={onClose} />
                <DiscoverSection />
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild top="3" insetEnd="3">
              <CloseButton size="sm" aria-label="Close friends panel" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
