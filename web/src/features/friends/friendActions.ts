import { useState } from 'react';
import {
  useAcceptFriendRequestMutation,
  useDeclineFriendRequestMutation,
  useSendFriendRequestMutation,
  type FriendsPanel_UserFragment,
} from './friends.generated';
import { toaster } from '../../ui/toaster';
import { errorMessage } from '../../lib/errors';

/**
 * Queries refetched (when on screen: the friends panel, the home feed's right column, the Friends badges) after
 * a request is accepted or declined. Suggestions change too: a new friend brings their friends.
 */
const AFTER_REQUEST_CHANGE = [
  'FriendRequests',
  'PendingFriendRequestCount',
  'MyFriends',
  'FriendSuggestions',
  'ProfileMember',
];

function showFriendsError(error: unknown) {
  toaster.create({ type: 'error', title: 'Error', description: errorMessage(error) });
}

/** Accept and Decline of incoming friend requests; `busy` is the member whose request is being answered. */
export function useAnswerFriendRequest() {
  const [acceptMutation] = useAcceptFriendRequestMutation({ refetchQueries: AFTER_REQUEST_CHANGE });
  const [declineMutation] = useDeclineFriendRequestMutation({ refetchQueries: AFTER_REQUEST_CHANGE });
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (userId: string, action: (options: { variables: { userId: string } }) => Promise<unknown>) => {
    setBusy(userId);
    try {
      await action({ variables: { userId } });
    } catch (e) {
      showFriendsError(e);
    } finally {
      setBusy(null);
    }
  };

  return {
    busy,
    accept: (userId: string) => run(userId, acceptMutation),
    decline: (userId: string) => run(userId, declineMutation),
  };
}

/**
 * The add button of a friend suggestion (spec 000 "Friends panel"): sends the request, then the toast
 * 'Friend Request Sent'. The answer's friendStatus (requestSent) lands on the cached member, so every list
 * showing them turns to 'Pending' at once.
 */
export function useAddFriend() {
  const [send] = useSendFriendRequestMutation();
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());

  const add = async (user: Pick<FriendsPanel_UserFragment, 'id' | 'displayName'>) => {
    setBusy((s) => new Set(s).add(user.id));
    try {
      await send({ variables: { userId: user.id } });
      toaster.create({
        type: 'success',
        title: 'Friend Request Sent',
        description: `Friend request sent to ${user.displayName}`,
      });
    } catch (e) {
      showFriendsError(e);
    } finally {
      setBusy((s) => {
        const next = new Set(s);
        next.delete(user.id);
        return next;
      });
    }
  };

  return { add, busy };
}
