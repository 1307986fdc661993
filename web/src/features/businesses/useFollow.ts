import { useFollowBusinessMutation, useUnfollowBusinessMutation } from './business.generated';
import { errorMessage, errorReason } from '../../lib/errors';
import { toaster } from '../../ui/toaster';

/** Follow / Following with the spec's toasts (001 section 8). */
export function useFollow(business: { id: string; name: string; viewerFollows: boolean }) {
  const [follow, { loading: following }] = useFollowBusinessMutation();
  const [unfollow, { loading: unfollowing }] = useUnfollowBusinessMutation();

  const toggle = async () => {
    if (business.viewerFollows) {
      try {
        await unfollow({ variables: { id: business.id } });
        toaster.create({ type: 'success', title: 'Unfollowed', description: `You unfollowed ${business.name}` });
      } catch {
        toaster.create({ type: 'error', title: 'Error', description: 'Failed to unfollow business' });
      }
      return;
    }
    try {
      await follow({ variables: { id: business.id } });
      toaster.create({ type: 'success', title: 'Following', description: `You are now following ${business.name}` });
    } catch (err) {
      if (errorReason(err) === 'ALREADY_FOLLOWING') {
        toaster.create({
          type: 'info',
          title: 'Already Following',
          description: "You're already following this business",
        });
      } else {
        toaster.create({ type: 'error', title: 'Error', description: errorMessage(err, 'Failed to follow business') });
      }
    }
  };

  return { toggle, busy: following || unfollowing };
}
