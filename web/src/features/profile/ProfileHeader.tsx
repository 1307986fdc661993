import { useRef, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  HStack,
  Image,
  Link as ChakraLink,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LuCamera, LuMapPin, LuTrophy, LuMessageCircle, LuPencil, LuUserCheck, LuUserPlus } from 'react-icons/lu';
import { useAcceptFriendRequestMutation, useSendFriendRequestMutation } from '../friends/friends.generated';
import { useSetProfilePhotoMutation, type ProfileMember_UserFragment } from './profile.generated';
import { type ProfilePhoto } from '../../gql/graphql';
import { checkImageFile, readFileAsDataUrl } from '../../lib/files';
import { errorMessage } from '../../lib/errors';
import { toaster } from '../../ui/toaster';
import { useUploadLimits } from '../../ui/useAppConfig';
import { UserAvatar } from '../../ui/UserAvatar';
import { useStartConversation } from '../messages';
import { BlockMemberButton } from './BlockMemberButton';
import { flagEmoji } from './flag';

/** Picks an image and stores it as the avatar or the cover at once; the server checks it again by its bytes. */
function usePhotoUpload(kind: ProfilePhoto, success: string) {
  const input = useRef<HTMLInputElement>(null);
  const limits = useUploadLimits();
  const [setPhoto, { loading }] = useSetProfilePhotoMutation();
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = limits ? checkImageFile(file, limits) : null;
    if (problem) {
      toaster.create({ type: 'error', title: problem.title, description: problem.description });
      return;
    }
    try {
      await setPhoto({ variables: { kind, file: await readFileAsDataUrl(file) } });
      toaster.create({ type: 'success', title: success });
    } catch (e) {
      toaster.create({ type: 'error', title: 'Upload Failed', description: errorMessage(e) });
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  const picker = (label: string, testId: string) => (
    <VisuallyHidden asChild>
      <input
        ref={input}
        type="file"
        accept="image/*"
        aria-label={label}
        data-testid={testId}
        tabIndex={-1}
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
    </VisuallyHidden>
  );
  return { open: () => input.current?.click(), loading, picker };
}

/**
 * The member's Bragging Rights badge and overall rank (spec 002 "Profile page"), a link to the game; nothing before
 * their first points.
 */
export function BraggingRights({ user }: { user: Pick<ProfileMember_UserFragment, 'braggingRank' | 'braggingBadge'> }) {
  if (!user.braggingRank && !user.braggingBadge) return null;
  const parts = [user.braggingBadge, user.braggingRank ? `Rank #${user.braggingRank}` : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <ChakraLink
      asChild
      colorPalette="orange"
      fontSize="sm"
      fontWeight="medium"
      alignSelf="flex-start"
      data-testid="profile-bragging"
    >
      <RouterLink to="/bragging-rights" aria-label={`Bragging Rights: ${parts}`}>
        <LuTrophy aria-hidden /> {parts}
      </RouterLink>
    </ChakraLink>
  );
}

function Flag({ user }: { user: Pick<ProfileMember_UserFragment, 'countryCode' | 'flagImageUrl'> }) {
  const [broken, setBroken] = useState(false);
  if (!user.countryCode) return null;
  const country = new Intl.DisplayNames(['en'], { type: 'region' }).of(user.countryCode) ?? user.countryCode;
  const label = `Country: ${country}`;
  return user.flagImageUrl && !broken ? (
    <Image
      src={user.flagImageUrl}
      alt={label}
      title={label}
      h="4"
      w="auto"
      borderRadius="xs"
      onError={() => setBroken(true)}
      data-testid="profile-flag"
    />
  ) : (
    <Text as="span" role="img" aria-label={label} title={label} fontSize="xl" lineHeight="1" data-testid="profile-flag">
      {flagEmoji(user.countryCode)}
    </Text>
  );
}

/** Add Friend, or the friendship's state: Request Sent, Friends, or Accept for a request they sent. */
function FriendButton({ user }: { user: Pick<ProfileMember_UserFragment, 'id' | 'displayName' | 'friendStatus'> }) {
  const [send, sending] = useSendFriendRequestMutation({ refetchQueries: ['ProfileMember'] });
  const [accept, accepting] = useAcceptFriendRequestMutation({
    refetchQueries: ['ProfileMember', 'FriendRequests', 'PendingFriendRequestCount', 'MyFriends'],
  });
  const run = async (action: () => Promise<unknown>, title: string, description?: string) => {
    try {
      await action();
      toaster.create({ type: 'success', title, description });
    } catch (e) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(e) });
    }
  };
  switch (user.friendStatus) {
    case 'friends':
      return (
        <Badge colorPalette="green" variant="subtle" size="lg" px="3" minH="10" data-testid="friend-state">
          <LuUserCheck aria-hidden /> Friends
        </Badge>
      );
    case 'requestSent':
      return (
        <Badge colorPalette="gray" variant="subtle" size="lg" px="3" minH="10" data-testid="friend-state">
          Request Sent
        </Badge>
      );
    case 'requestReceived':
      return (
        <Button
          colorPalette="green"
          loading={accepting.loading}
          onClick={() => void run(() => accept({ variables: { userId: user.id } }), 'Friend Request Accepted')}
        >
          <LuUserCheck aria-hidden /> Accept
        </Button>
      );
    case 'none':
      return (
        <Button
          colorPalette="green"
          loading={sending.loading}
          onClick={() =>
            void run(
              () => send({ variables: { userId: user.id } }),
              'Request Sent',
              `Friend request sent to ${user.displayName}`,
            )
          }
        >
          <LuUserPlus aria-hidden /> Add Friend
        </Button>
      );
    default:
      return null;
  }
}

function Count({ value, label }: { value: number; label: string }) {
  return (
    <Stack gap="0" align="center" minW="16" data-testid={`count-${label.toLowerCase()}`}>
      <Text fontWeight="bold" fontSize="lg">
        {value}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
    </Stack>
  );
}

/**
 * The profile's header (spec 002 "Profile page"): cover banner (Change Cover on the own profile), avatar (upload on
 * the own profile), name, e-mail (own only), bio, home town, flag, and the counts of Following, Friends and Groups;
 * on another member's profile, Add Friend (or the friendship's state), Message and Block.
 */
export function ProfileHeader({
  user,
  own,
  onEdit,
}: {
  user: ProfileMember_UserFragment;
  own: boolean;
  onEdit: () => void;
}) {
  const cover = usePhotoUpload('cover', 'Cover Photo Updated');
  const avatar = usePhotoUpload('avatar', 'Profile Photo Updated');
  const messaging = useStartConversation();
  const message = async () => {
    try {
      await messaging.start({ memberId: user.id });
    } catch (e) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(e) });
    }
  };
  return (
    <Box as="header" borderWidth="1px" borderRadius="lg" overflow="hidden" bg="bg.panel" data-testid="profile-header">
      <Box position="relative" h={{ base: '32', md: '48' }} bg="green.subtle" data-testid="profile-cover">
        {user.coverImageUrl && <Image src={user.coverImageUrl} alt="" w="full" h="full" objectFit="cover" />}
        {own && (
          <>
            {cover.picker('Cover photo', 'cover-input')}
            <Button
              position="absolute"
              right="3"
              top={{ base: '3', md: 'auto' }}
              bottom={{ base: 'auto', md: '3' }}
              size="sm"
              variant="surface"
              loading={cover.loading}
              onClick={cover.open}
            >
              <LuCamera aria-hidden /> Change Cover
            </Button>
          </>
        )}
      </Box>
      <Stack px={{ base: '4', md: '6' }} pt="3" pb="5" gap="3">
        <Flex
          direction={{ base: 'column', md: 'row' }}
          align={{ base: 'flex-start', md: 'flex-end' }}
          gap={{ base: '2', md: '4' }}
        >
          {/* Only the avatar reaches up into the cover (positioned, so it paints above the banner). */}
          <Box
            position="relative"
            zIndex="1"
            mt={{ base: '-12', md: '-14' }}
            borderWidth="4px"
            borderColor="bg.panel"
            borderRadius="full"
            bg="bg.panel"
            flexShrink={0}
          >
            <Box data-testid="profile-avatar">
              <UserAvatar user={user} size="2xl" />
            </Box>
            {own && (
              <>
                {avatar.picker('Profile photo', 'avatar-input')}
                <Button
                  position="absolute"
                  right="-3"
                  bottom="-3"
                  size="sm"
                  borderRadius="full"
                  variant="surface"
                  aria-label="Change profile photo"
                  loading={avatar.loading}
                  onClick={avatar.open}
                >
                  <LuCamera aria-hidden />
                </Button>
              </>
            )}
          </Box>
          <Stack gap="1" flex="1" minW="0">
            <HStack gap="2" wrap="wrap">
              <Heading as="h2" size="xl" data-testid="profile-name">
                {user.displayName}
              </Heading>
              <Flag user={user} />
            </HStack>
            {own && user.email && (
              <Text color="fg.muted" fontSize="sm" data-testid="profile-email">
                {user.email}
              </Text>
            )}
          </Stack>
          <HStack gap="2" wrap="wrap" w={{ base: 'full', md: 'auto' }}>
            {own ? (
              <Button variant="outline" onClick={onEdit} flex={{ base: '1', md: 'initial' }}>
                <LuPencil aria-hidden /> Edit Profile
              </Button>
            ) : (
              <>
                <FriendButton user={user} />
                <Button variant="outline" loading={messaging.loading} onClick={() => void message()}>
                  <LuMessageCircle aria-hidden /> Message
                </Button>
                <BlockMemberButton user={user} />
              </>
            )}
          </HStack>
        </Flex>
        {user.bio && <Text data-testid="profile-bio">{user.bio}</Text>}
        {user.homeTown && (
          <HStack gap="1" color="fg.muted" fontSize="sm" data-testid="profile-home-town">
            <LuMapPin aria-hidden /> <Text>{user.homeTown}</Text>
          </HStack>
        )}
        <BraggingRights user={user} />
        <HStack
          gap={{ base: '4', md: '8' }}
          justify={{ base: 'space-around', md: 'flex-start' }}
          borderTopWidth="1px"
          pt="3"
        >
          <Count value={user.followingCount} label="Following" />
          <Count value={user.friendCount} label="Friends" />
          <Count value={user.groupCount} label="Groups" />
        </HStack>
      </Stack>
    </Box>
  );
}
