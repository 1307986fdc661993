import { useState } from 'react';
import { Badge, Box, Button, Flex, Image, Stack, Text } from '@chakra-ui/react';
import { LuCalendarX } from 'react-icons/lu';
import { useEventDetailQuery } from './events.generated';
import { DialogFrame } from '../../ui/DialogFrame';
import { EmptyNotice, LoadError, LoadingStatus } from '../../ui/LoadStates';
import { BookingDialog } from './BookingDialog';
import { EventFacts, StatusBadge, type EventItem } from './EventCard';
import { priceText } from './eventText';

/**
 * One event's details, opened by its id (a shared /events?id= link, Explore's View, the top bar's suggestions):
 * loading, not found and failed states inside the dialog; Book Now hands over to the booking dialog and comes
 * back after it. The event is read from the cache, so its stock follows a booking at once.
 */
export function EventDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { data, loading, error, refetch } = useEventDetailQuery({
    variables: { id },
    notifyOnNetworkStatusChange: true,
  });
  const [booking, setBooking] = useState(false);
  const event = data?.event ?? null;
  if (booking && event) return <BookingDialog event={event} onClose={() => setBooking(false)} />;
  const title = event?.title ?? (data ? 'Event not found' : 'Event');
  return (
    <DialogFrame onClose={onClose} title={title} testId="event-detail">
      {loading && !data ? (
        <LoadingStatus testId="event-detail-loading">Loading event...</LoadingStatus>
      ) : error && !data ? (
        <LoadError title="Could not load this event" error={error} onRetry={() => refetch()} />
      ) : event ? (
        <EventDetail event={event} onBook={() => setBooking(true)} />
      ) : (
        <EmptyNotice
          icon={<LuCalendarX />}
          description="This event does not exist or was removed."
          testId="event-not-found"
        />
      )}
    </DialogFrame>
  );
}

function EventDetail({ event, onBook }: { event: EventItem; onBook: () => void }) {
  const bookable = !event.isCancelled && event.ticketsAvailable > 0;
  return (
    <Stack gap="4">
      {event.imageUrl && (
        <Box bg="bg.muted" aspectRatio={1200 / 630} rounded="md" overflow="hidden">
          <Image src={event.imageUrl} alt="" w="full" h="full" objectFit="cover" />
        </Box>
      )}
      <Flex gap="2" wrap="wrap" align="center">
        <StatusBadge status={event.status} />
        <Badge variant="subtle">{event.category}</Badge>
        {event.viewerTickets > 0 && (
          <Badge variant="outline" colorPalette="green">
            You have {event.viewerTickets} ticket(s)
          </Badge>
        )}
      </Flex>
      <EventFacts event={event} />
      {event.description && <Text whiteSpace="pre-wrap">{event.description}</Text>}
      <Flex justify="space-between" align="center" gap="3">
        <Text fontWeight="bold" fontSize="lg" data-testid="event-price">
          {priceText(event.ticketPrice)}
        </Text>
        {bookable && (
          <Button colorPalette="green" onClick={onBook} aria-label={`Book Now: ${event.title}`}>
            Book Now
          </Button>
        )}
      </Flex>
    </Stack>
  );
}
