import { Suspense, useEffect, useState } from 'react';
import { Box, Input, InputGroup, SimpleGrid, Skeleton, Stack, Tabs } from '@chakra-ui/react';
import { LuBriefcase, LuCalendar, LuSearch, LuStore, LuUsers, LuUsersRound } from 'react-icons/lu';
import { useSearchParams } from 'react-router';
import { useExploreSearchQuery } from './explore.generated';
import { type SearchKind } from '../../gql/graphql';
import { useDebounced } from '../../lib/useDebounced';
import { EmptyNotice, LoadError, LoadMoreFooter } from '../../ui/LoadStates';
import { Screen } from '../../ui/Screen';
import { useTabParam } from '../../ui/useTabParam';
import { useSession } from '../../ui/session';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { GroupCard } from '../groups';
import { ApplyDialog } from '../jobs';
import { BusinessHitCard, EventHitCard, JobHitCard, PersonCard } from './ExploreCards';
import { EXPLORE_TABS, type ExploreTab, type Hit, type JobHit } from './hits';

export const EXPLORE_PAGE = 12;
const SEARCH_DELAY_MS = 300;

const EMPTY: Record<ExploreTab, { icon: React.ReactNode; none: string; noMatch: string }> = {
  people: { icon: <LuUsers />, none: 'No members yet.', noMatch: 'No people match your search.' },
  businesses: { icon: <LuStore />, none: 'No business pages yet.', noMatch: 'No businesses match your search.' },
  events: { icon: <LuCalendar />, none: 'No events yet.', noMatch: 'No events match your search.' },
  groups: { icon: <LuUsersRound />, none: 'No groups yet.', noMatch: 'No groups match your search.' },
  jobs: { icon: <LuBriefcase />, none: 'No open jobs yet.', noMatch: 'No jobs match your search.' },
};

const TAB_VALUES: ExploreTab[] = EXPLORE_TABS.map((t) => t.value);

/**
 * Explore (spec 001 section 2.7): People, Businesses, Events, Groups and Jobs from stored rows, each tab a page at
 * a time; the search box filters the current tab (best match first), an empty box shows the newest. The tab and
 * the query live in the URL (?tab=, ?q=), so the top bar's search opens this screen on its query.
 */
export default function ExploreScreen() {
  const [params, setParams] = useSearchParams();
  const urlQuery = params.get('q') ?? '';
  const [tab, setTab] = useTabParam(TAB_VALUES, 'people');
  const [text, setText] = useState(urlQuery);
  const query = useDebounced(text.trim(), SEARCH_DELAY_MS);

  // The top bar (or Back) may change ?q= while this screen is open: the box follows the URL.
  useEffect(() => setText(urlQuery), [urlQuery]);
  useEffect(() => {
    if (query === urlQuery.trim()) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (query) next.set('q', query);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new query writes the URL (a URL change must not)
  }, [query]);

  return (
    <Screen title="Explore" description="Find people, businesses, events, groups and jobs in the Saffa community.">
      <Box as="form" role="search" mb="4" onSubmit={(e) => e.preventDefault()}>
        <InputGroup startElement={<LuSearch aria-hidden />}>
          <Input
            type="search"
            aria-label="Search Explore"
            placeholder="Search people, businesses, events, groups and jobs"
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={100}
          />
        </InputGroup>
      </Box>
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" lazyMount unmountOnExit>
        <Tabs.List mb="4" overflowX="auto">
          {EXPLORE_TABS.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value} minH="11">
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {EXPLORE_TABS.map((t) => (
          <Tabs.Content key={t.value} value={t.value}>
            <ExploreList tab={t.value} kind={t.kind} query={query} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Screen>
  );
}

function SkeletonCards() {
  return (
    <SimpleGrid
      columns={{ base: 1, md: 2, lg: 3 }}
      gap="4"
      role="status"
      aria-label="Loading results"
      data-testid="explore-loading"
    >
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} h="40" borderRadius="lg" />
      ))}
    </SimpleGrid>
  );
}

function ExploreList({ tab, kind, query }: { tab: ExploreTab; kind: SearchKind; query: string }) {
  const me = useSession();
  const [applying, setApplying] = useState<JobHit | null>(null);
  const { data, loading, error, refetch, fetchMore } = useExploreSearchQuery({
    variables: { kind, query: query || null, first: EXPLORE_PAGE },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
  const paging = usePagedConnection({ connection: data?.search, fetchMore });
  const empty = EMPTY[tab];

  if (loading && !data) return <SkeletonCards />;
  if (error && !data)
    return <LoadError title="Could not load results" error={error} onRetry={() => refetch()} testId="explore-error" />;
  if (paging.nodes.length === 0) {
    return <EmptyNotice icon={empty.icon} description={query ? empty.noMatch : empty.none} testId="explore-empty" />;
  }
  const card = (hit: Hit) => {
    switch (hit.__typename) {
      case 'User':
        return <PersonCard key={hit.id} person={hit} isViewer={hit.id === me.id} />;
      case 'Business':
        return <BusinessHitCard key={hit.id} business={hit} />;
      case 'Event':
        return <EventHitCard key={hit.id} event={hit} />;
      case 'JobVacancy':
        return <JobHitCard key={hit.id} job={hit} onApply={setApplying} />;
      case 'Group':
        return (
          <Suspense key={hit.id} fallback={<Skeleton h="72" borderRadius="lg" />}>
            <GroupCard group={hit} place="discover" />
          </Suspense>
        );
    }
  };
  return (
    <Stack gap="4">
      {/* People cards carry a name and a button on one line: two columns give long names room. */}
      <SimpleGrid columns={{ base: 1, md: 2, lg: tab === 'people' ? 2 : 3 }} gap="4" data-testid="explore-results">
        {paging.nodes.map(card)}
      </SimpleGrid>
      <div ref={paging.sentinelRef} />
      <LoadMoreFooter
        hasNextPage={paging.hasNextPage}
        paging={paging}
        failedText="Could not load more results."
        loadingText="Loading results..."
      />
      {applying && <ApplyDialog job={applying} onClose={() => setApplying(null)} />}
    </Stack>
  );
}
