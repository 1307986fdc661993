import { useState } from 'react';
import {
  useFavoriteGroupMutation,
  useJoinGroupMutation,
  useLeaveGroupMutation,
  type GroupCardFieldsFragment,
} from './groups.generated';
import { errorMessage } from '../../lib/errors';
import { toaster } from '../../ui/toaster';

/**
 * Where an action is taken: Discover Groups and Explore answer failures with the spec's fixed sentences; the chat
 * groups of Klets with the server's message (spec 002 section 8).
 */
export type GroupActionPlace = 'discover' | 'chat';

type GroupRef = Pick<GroupCardFieldsFragment, 'id' | 'name'>;

/** The lists that hold the member's groups read again after a change (My Groups, Favorites, "Your Groups"). */
const REFETCH = ['MyGroups'];

/**
 * Join a group: at once ('Success' / 'You joined {name}'), or a request where approval is required
 * ('Request Sent'). Resolves to the group's new viewerStatus, or null when it failed (the toast said why).
 */
export function useJoinGroup(place: GroupActionPlace = 'discover') {
  const [mutate, { loading }] = useJoinGroupMutation({ refetchQueries: REFETCH });
  const join = async (group: GroupRef) => {
    try {
      const { data } = await mutate({ variables: { id: group.id } });
      const status = data?.joinGroup.viewerStatus ?? null;
      if (status === 'requested')
        toaster.success({
          title: 'Request Sent',
          description: `Your request to join ${group.name} was sent to its admins.`,
        });
      else toaster.success({ title: 'Success', description: `You joined ${group.name}` });
      return status;
    } catch (err) {
      toaster.error({
        title: 'Error',
        description:
          place === 'chat' ? errorMessage(err, 'Failed to join group') : 'Failed to join group. Please try again.',
      });
      return null;
    }
  };
  return { join, loading };
}

/** Leave a group (or withdraw a request). Resolves to true when it worked. */
export function useLeaveGroup(place: GroupActionPlace = 'discover') {
  const [mutate, { loading }] = useLeaveGroupMutation({ refetchQueries: REFETCH });
  const leave = async (group: GroupRef) => {
    try {
      await mutate({ variables: { id: group.id } });
      toaster.success({ title: 'Success', description: `You left ${group.name}` });
      return true;
    } catch {
      toaster.error({
        title: 'Error',
        description: place === 'chat' ? 'Failed to leave group' : 'Failed to leave group. Please try again.',
      });
      return false;
    }
  };
  return { leave, loading };
}

/** Mark or unmark one of the member's groups as a favourite. */
export function useFavoriteGroup() {
  const [mutate, { loading }] = useFavoriteGroupMutation({ refetchQueries: REFETCH });
  const setFavorite = async (group: GroupRef, favorite: boolean) => {
    try {
      await mutate({ variables: { id: group.id, favorite } });
      return true;
    } catch {
      toaster.error({ title: 'Error', description: 'Failed to update favorite' });
      return false;
    }
  };
  return { setFavorite, loading };
}

/** One action at a time per card: the id of the group whose action is running. */
export function useBusyGroup() {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async <T>(id: string, action: () => Promise<T>) => {
    setBusy(id);
    try {
      return await action();
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
