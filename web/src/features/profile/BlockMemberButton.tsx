import { useState } from 'react';
import { Button, Text } from '@chakra-ui/react';
import { LuBan } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { useBlockMemberMutation } from './profile.generated';
import { errorMessage } from '../../lib/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toaster } from '../../ui/toaster';

/** Lists that may hold a blocked member's things: read afresh after a block (the server leaves them out). */
const LISTS_WITH_MEMBERS = [
  'feed',
  'postsBy',
  'discoverCheckins',
  'reels',
  'reelsBy',
  'search',
  'nearbyUsers',
  'comments',
  'friendSuggestions',
  'datingProfiles',
  'datingMatches',
  'blockedMembers',
  'user',
];

/**
 * Block, on another member's profile: asks first (a destructive action), then blocks on the server (which also
 * ends a friendship, a pending request and follows between the two) and leaves the profile for the feed.
 */
export function BlockMemberButton({ user }: { user: { id: string; displayName: string } }) {
  const [asking, setAsking] = useState(false);
  const [block, { loading }] = useBlockMemberMutation();
  const navigate = useNavigate();
  const confirm = async () => {
    try {
      await block({
        variables: { userId: user.id },
        update: (cache) => {
          for (const fieldName of LISTS_WITH_MEMBERS) cache.evict({ id: 'ROOT_QUERY', fieldName });
          cache.gc();
        },
      });
      setAsking(false);
      toaster.create({
        type: 'success',
        title: 'Member Blocked',
        description: `You blocked ${user.displayName}. You can unblock them in Settings.`,
      });
      void navigate('/', { replace: true });
    } catch (e) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(e) });
    }
  };
  return (
    <>
      <Button variant="outline" colorPalette="red" onClick={() => setAsking(true)} data-testid="block-member">
        <LuBan aria-hidden /> Block
      </Button>
      {asking && (
        <ConfirmDialog
          title={`Block ${user.displayName}?`}
          testId="block-dialog"
          onClose={() => setAsking(false)}
          confirmLabel="Block"
          loading={loading}
          loadingText="Blocking..."
          onConfirm={() => void confirm()}
        >
          <Text>
            Are you sure you want to block {user.displayName}? Neither of you will see the other&apos;s profile, posts,
            comments, reels, radar presence or dating alias, and neither can message, befriend or follow the other. Your
            friendship and follows end. You can unblock them in Settings.
          </Text>
        </ConfirmDialog>
      )}
    </>
  );
}
