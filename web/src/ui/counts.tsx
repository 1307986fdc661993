import { createContext, useContext } from 'react';

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

export const ZERO_COUNTS: ShellCounts = {
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
