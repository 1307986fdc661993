import { useSupportAnswersUnreadQuery } from './support.generated';

/**
 * How many answers from support the member has not read, for the "Contact support" entries of the profile menu
 * and the mobile sheet: asked each time one of them opens (not on every page: the bell announces each answer as it
 * comes), 0 while closed or unknown.
 */
export function useSupportAnswersUnread(menuOpen: boolean): number {
  const { data } = useSupportAnswersUnreadQuery({ skip: !menuOpen, fetchPolicy: 'cache-and-network' });
  return menuOpen ? (data?.supportUnreadCount ?? 0) : 0;
}
