import { useState } from 'react';
import { SimpleGrid, Stack } from '@chakra-ui/react';
import { LuCalendarX } from 'react-icons/lu';
import { useBraggingEventsQuery, type BraggingEventFieldsFragment } from './bragging.generated';
import { EmptyNotice, LoadError, LoadingStatus, LoadMoreFooter } from '../../ui/LoadStates';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { EventCard } from './EventCard';
import { PredictionDialog } from './PredictionDialog';
import { ScoreEventDialog } from './ScoreEventDialog';

const PAGE = 20;

/** The events of a category (null: all) or of a championship, page by page, with the prediction and score dialogs. */
export function EventList({
  category,
  championshipId,
  admin,
}: {
  category: string | null;
  championshipId?: string;
  admin: boolean;
}) {
  const [predicting, setPredicting] = useState<BraggingEventFieldsFragment | null>(null);
  const [scoring, setScoring] = useState<BraggingEventFieldsFragment | null>(null);
  const { data, loading, error, refetch, fetchMore } = useBraggingEventsQuery({
    variables: { first: PAGE, category, championshipId: championshipId ?? null },
    notifyOnNetworkStatusChange: true,
  });
  const paging = usePagedConnection({ connection: data?.braggingEvents, fetchMore });
  return (
    <Stack gap="4">
      {loading && !data ? (
        <LoadingStatus testId="bragging-events-loading">Loading events...</LoadingStatus>
      ) : error && !data ? (
        <LoadError title="Could not load events" error={error} onRetry={() => refetch()} />
      ) : paging.nodes.length === 0 ? (
        <EmptyNotice icon={<LuCalendarX />} description="No events available" testId="bragging-events-empty" />
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {paging.nodes.map((e) => (
              <EventCard key={e.id} event={e} admin={admin} onPredict={setPredicting} onScore={setScoring} />
            ))}
          </SimpleGrid>
          <div ref={paging.sentinelRef} />
          <LoadMoreFooter
            hasNextPage={paging.hasNextPage}
            paging={paging}
            failedText="Could not load more events."
            loadingText="Loading events..."
          />
        </>
      )}
      {predicting && <PredictionDialog event={predicting} onClose={() => setPredicting(null)} />}
      {scoring && <ScoreEventDialog event={scoring} onClose={() => setScoring(null)} />}
    </Stack>
  );
}
