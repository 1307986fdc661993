import type { ReactNode } from 'react';
import { useIsMobile } from '../lib/useMediaQuery';
import { ShellCountProvider } from '../ui/counts';
import { useNewJobsCountQuery, useUpcomingEventsCountQuery } from './badges.generated';

/**
 * How often the Jobs and Events badges ask again. They are not pushed: one new vacancy would wake every member,
 * and a host cancelling an event every booker. Opening the job board and booking tickets refetch them by name.
 */
const SHEET_BADGES_REFRESH_MS = 5 * 60_000;

/**
 * The mobile sheet's Jobs badge (vacancies others posted since the member last opened the job board) and Events
 * badge (events to come they hold tickets for). Only phones show the sheet, so only they ask.
 */
export function SheetBadgesProvider({ children }: { children: ReactNode }) {
  const mobile = useIsMobile();
  const options = { skip: !mobile, pollInterval: SHEET_BADGES_REFRESH_MS };
  const jobs = useNewJobsCountQuery(options);
  const events = useUpcomingEventsCountQuery(options);
  return (
    <ShellCountProvider name="newJobs" count={mobile ? (jobs.data?.newJobsCount ?? 0) : 0}>
      <ShellCountProvider name="upcomingEvents" count={mobile ? (events.data?.upcomingEventsCount ?? 0) : 0}>
        {children}
      </ShellCountProvider>
    </ShellCountProvider>
  );
}
