import { createContext, useContext, useMemo, type ReactNode } from 'react';

/**
 * Live counts shown as badges in the shell. Everything is 0 until the features that own them
 * (messages, friends, chats, jobs, events, notifications) provide real values; a badge at 0 renders nothing.
 */
export interface ShellCounts {
  unreadMessages: number;
  friendRequests: number;
  kletsUnread: number;
  newJobs: number;
  upcomingEvents: number;
  unreadNotifications: number;
}

const ZERO_COUNTS: ShellCounts = {
  unreadMessages: 0,
  friendRequests: 0,
  kletsUnread: 0,
  newJobs: 0,
  upcomingEvents: 0,
  unreadNotifications: 0,
};

export const ShellCountsContext = createContext<ShellCounts>(ZERO_COUNTS);

export function useShellCounts(): ShellCounts {
  return useContext(ShellCountsContext);
}

/** Sets one live count of the shell's counts for everything below it: each feature's badge provider renders one. */
export function ShellCountProvider({
  name,
  count,
  children,
}: {
  name: keyof ShellCounts;
  count: number;
  children: ReactNode;
}) {
  const parent = useShellCounts();
  const counts = useMemo(() => ({ ...parent, [name]: count }), [parent, name, count]);
  return <ShellCountsContext.Provider value={counts}>{children}</ShellCountsContext.Provider>;
}
