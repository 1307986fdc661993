import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Code,
  Flex,
  Heading,
  NativeSelect,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { LuCalendar, LuPlus, LuTicket } from 'react-icons/lu';
import { useSearchParams } from 'react-router';
import { useCancelEventMutation, useEventsQuery, useMyEventsQuery, useMyTicketsQuery } from './events.generated';
import { errorMessage } from '../../lib/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyNotice, LoadError, LoadingStatus, LoadMoreFooter } from '../../ui/LoadStates';
import { Screen } from '../../ui/Screen';
import { useTabParam } from '../../ui/useTabParam';
import { toaster } from '../../ui/toaster';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { BookingDialog } from './BookingDialog';
import { CreateEventDialog } from './CreateEventDialog';
import { EventCard, StatusBadge, type EventItem } from './EventCard';
import { EventDetailDialog } from './EventDetailDialog';
import { money, whenText } from './eventText';
import { useEventCategories } from './useEventCategories';

export const EVENTS_PAGE = 12;
const TABS = ['browse', 'tickets', 'manage'] as const;

/**
 * Events and Ticketing (spec 001 section 2.6): an Event button for the create dialog, and the tabs Browse (by
 * category, Book Now), My Tickets (ticket codes) and Manage Events (sold, revenue, cancel). The tab is in the URL,
 * and so is an event opened by its id (/events?id=, eventHref): closing its details takes the id out again.
 */
export default function EventsScreen() {
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useTabParam(TABS, 'browse');
  const openId = params.get('id');
  const [creating, setCreating] = useState(false);
  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };
  return (
    <Screen
      title="Events"
      description="Community events near you, with tickets you can book."
      actions={
        <Button colorPalette="green" onClick={() => setCreating(true)}>
          <LuPlus aria-hidden />
          Event
        </Button>
      }
    >
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" lazyMount>
        <Tabs.List mb="4" overflowX="auto">
          <Tabs.Trigger value="browse">Browse</Tabs.Trigger>
          <Tabs.Trigger value="tickets">My Tickets</Tabs.Trigger>
          <Tabs.Trigger value="manage">Manage Events</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="browse">
          <BrowseTab />
        </Tabs.Content>
        <Tabs.Content value="tickets">
          <MyTicketsTab />
        </Tabs.Content>
        <Tabs.Content value="manage">
          <ManageEventsTab />
        </Tabs.Content>
      </Tabs.Root>
      {creating && <CreateEventDialog onClose={() => setCreating(false)} />}
      {openId && <EventDetailDialog key={openId} id={openId} onClose={() => setParam('id', null)} />}
    </Screen>
  );
}

function BrowseTab() {
  const [category, setCategory] = useState('All');
  const categories = useEventCategories();
  const [booking, setBooking] = useState<EventItem | null>(null);
  const { data, loading, error, refetch, fetchMore } = useEventsQuery({
    variables: { first: EVENTS_PAGE, category: category === 'All' ? null : category },
    notifyOnNetworkStatusChange: true,
  });
  const paging = usePagedConnection({ connection: data?.events, fetchMore });
  // The booking dialog reads the event from the cache, so its stock follows other bookings.
  const current = booking ? (paging.nodes.find((e) => e.id === booking.id) ?? booking) : null;
  return (
    <Stack gap="4">
      <NativeSelect.Root maxW={{ base: 'full', md: '64' }}>
        <NativeSelect.Field aria-label="Category" value={category} onChange={(e) => setCategory(e.target.value)}>
          {['All', ...categories].map((c) => (
            <option key={c} value={c}>
              {c === 'All' ? 'All categories' : c}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {loading && !data ? (
        <LoadingStatus testId="events-loading">Loading events...</LoadingStatus>
      ) : error && !data ? (
        <LoadError title="Could not load events" error={error} onRetry={() => refetch()} />
      ) : paging.nodes.length === 0 ? (
        <EmptyNotice
          icon={<LuCalendar />}
          description="No events in this category yet. Create one with the Event button."
          testId="events-empty"
        />
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
            {paging.nodes.map((e) => (
              <EventCard key={e.id} event={e} onBook={setBooking} />
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
      {current && <BookingDialog event={current} onClose={() => setBooking(null)} />}
    </Stack>
  );
}

function MyTicketsTab() {
  const { data, loading, error, refetch, fetchMore } = useMyTicketsQuery({
    variables: { first: EVENTS_PAGE },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
  const paging = usePagedConnection({ connection: data?.myTickets, fetchMore });
  if (loading && !data) return <LoadingStatus testId="tickets-loading">Loading your tickets...</LoadingStatus>;
  if (error && !data) return <LoadError title="Could not load your tickets" error={error} onRetry={() => refetch()} />;
  if (paging.nodes.length === 0)
    return (
      <EmptyNotice
        icon={<LuTicket />}
        description="You have no tickets yet. Book an event under Browse."
        testId="tickets-empty"
      />
    );
  return (
    <Stack gap="3">
      {paging.nodes.map((t) => (
        <Card.Root key={t.id} data-testid="ticket" as="article" aria-label={`Ticket for ${t.event.title}`}>
          <Card.Body p="4" gap="2">
            <EventSummary event={t.event} />
            <Flex gap="3" align="center" wrap="wrap">
              <Badge variant="outline">{t.quantity} ticket(s)</Badge>
              <Text fontSize="sm">Ticket code</Text>
              <Code fontSize="lg" px="2" py="1" data-testid="ticket-code">
                {t.ticketCode}
              </Code>
            </Flex>
          </Card.Body>
        </Card.Root>
      ))}
      <div ref={paging.sentinelRef} />
      <LoadMoreFooter
        hasNextPage={paging.hasNextPage}
        paging={paging}
        failedText="Could not load more tickets."
        loadingText="Loading your tickets..."
      />
    </Stack>
  );
}

function ManageEventsTab() {
  const { data, loading, error, refetch, fetchMore } = useMyEventsQuery({
    variables: { first: EVENTS_PAGE },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
  const paging = usePagedConnection({ connection: data?.myEvents, fetchMore });
  const [cancelling, setCancelling] = useState<EventItem | null>(null);
  if (loading && !data) return <LoadingStatus testId="manage-loading">Loading your events...</LoadingStatus>;
  if (error && !data) return <LoadError title="Could not load your events" error={error} onRetry={() => refetch()} />;
  if (paging.nodes.length === 0)
    return (
      <EmptyNotice
        icon={<LuCalendar />}
        description="You are not hosting any events yet. Create one with the Event button."
        testId="manage-empty"
      />
    );
  return (
    <Stack gap="3">
      {paging.nodes.map((e) => (
        <Card.Root key={e.id} data-testid="managed-event" as="article" aria-label={e.title}>
          <Card.Body p="4" gap="2">
            <EventSummary event={e} />
            <Flex gap="6" wrap="wrap">
              <Box>
                <Text fontSize="xs" color="fg.muted">
                  Tickets sold
                </Text>
                <Text fontWeight="bold" data-testid="tickets-sold">
                  {e.ticketsSold} / {e.totalTickets}
                </Text>
              </Box>
              <Box>
                <Text fontSize="xs" color="fg.muted">
                  Revenue
                </Text>
                <Text fontWeight="bold" data-testid="revenue">
                  {money(e.revenue ?? 0)}
                </Text>
              </Box>
            </Flex>
            {!e.isCancelled && (
              <Box>
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => setCancelling(e)}
                  aria-label={`Cancel ${e.title}`}
                >
                  Cancel event
                </Button>
              </Box>
            )}
          </Card.Body>
        </Card.Root>
      ))}
      <div ref={paging.sentinelRef} />
      <LoadMoreFooter
        hasNextPage={paging.hasNextPage}
        paging={paging}
        failedText="Could not load more events."
        loadingText="Loading your events..."
      />
      {cancelling && <CancelEventDialog event={cancelling} onClose={() => setCancelling(null)} />}
    </Stack>
  );
}

function CancelEventDialog({ event, onClose }: { event: EventItem; onClose: () => void }) {
  const [cancel, { loading }] = useCancelEventMutation({ refetchQueries: ['Events'] });
  const confirm = async () => {
    try {
      await cancel({ variables: { id: event.id } });
      toaster.create({
        type: 'success',
        title: 'Event Cancelled',
        description: `${event.title} has been cancelled. Everyone who booked has been told.`,
      });
      onClose();
    } catch (err) {
      toaster.create({ type: 'error', title: 'Could not cancel the event', description: errorMessage(err) });
    }
  };
  return (
    <ConfirmDialog
      title="Cancel this event?"
      testId="cancel-event-dialog"
      onClose={onClose}
      cancelLabel="Keep event"
      confirmLabel="Cancel event"
      loading={loading}
      onConfirm={() => void confirm()}
    >
      <Text>
        {event.title} will be cancelled and leave the events list. The {event.ticketsSold} ticket(s) sold stay booked
        and every member who booked is notified.
      </Text>
    </ConfirmDialog>
  );
}

/** The title, status, day and place of an event, at the top of a ticket or a managed event. */
function EventSummary({ event }: { event: EventItem }) {
  return (
    <>
      <Flex justify="space-between" gap="2" wrap="wrap">
        <Heading as="h3" size="md">
          {event.title}
        </Heading>
        <StatusBadge status={event.status} />
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        {whenText(event.date, event.time)} · {event.location}
      </Text>
    </>
  );
}
