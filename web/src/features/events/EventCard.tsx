import { Badge, Box, Button, Card, Flex, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { LuCalendar, LuMapPin, LuTicket, LuUser } from 'react-icons/lu';
import type { EventCard_EventFragment } from './events.generated';
import { priceText, ticketsLeftText, whenText } from './eventText';

export type EventItem = EventCard_EventFragment;

/** Active (green), Sold Out (red) or Cancelled (grey): the status from the real stock. */
export function StatusBadge({ status }: { status: string }) {
  const palette = status === 'Active' ? 'green' : status === 'Sold Out' ? 'red' : 'gray';
  return (
    <Badge colorPalette={palette} variant="solid" data-testid="event-status">
      {status}
    </Badge>
  );
}

/** Host, day and time, place and tickets left, one line each: on a card and in an event's details. */
export function EventFacts({ event }: { event: EventItem }) {
  return (
    <Stack gap="1" fontSize="sm" color="fg.muted">
      <Flex gap="2" align="center">
        <LuUser aria-hidden /> <Text>Hosted by {event.hostName}</Text>
      </Flex>
      <Flex gap="2" align="center">
        <LuCalendar aria-hidden /> <Text>{whenText(event.date, event.time)}</Text>
      </Flex>
      <Flex gap="2" align="center">
        <LuMapPin aria-hidden /> <Text>{event.location}</Text>
      </Flex>
      <Flex gap="2" align="center">
        <LuTicket aria-hidden /> <Text data-testid="tickets-left">{ticketsLeftText(event.ticketsAvailable)}</Text>
      </Flex>
    </Stack>
  );
}

/** One event of the browse list: image, title, host, day and time, place, price, tickets left, status, Book Now. */
export function EventCard({ event, onBook }: { event: EventItem; onBook: (event: EventItem) => void }) {
  const soldOut = event.ticketsAvailable <= 0;
  return (
    <Card.Root overflow="hidden" data-testid="event-card" aria-label={event.title} as="article">
      <Box position="relative" bg="bg.muted" aspectRatio={1200 / 630}>
        {event.imageUrl ? (
          <Image src={event.imageUrl} alt="" w="full" h="full" objectFit="cover" />
        ) : (
          <Flex h="full" align="center" justify="center" color="fg.muted" aria-hidden>
            <LuCalendar size={32} />
          </Flex>
        )}
        <Box position="absolute" top="2" right="2">
          <StatusBadge status={event.status} />
        </Box>
      </Box>
      <Card.Body gap="2" p="4">
        <Flex justify="space-between" gap="2" align="start">
          <Heading as="h3" size="md" lineClamp={2}>
            {event.title}
          </Heading>
          <Badge variant="subtle">{event.category}</Badge>
        </Flex>
        <EventFacts event={event} />
        {event.description && (
          <Text fontSize="sm" lineClamp={2}>
            {event.description}
          </Text>
        )}
      </Card.Body>
      <Card.Footer p="4" pt="0" justifyContent="space-between" alignItems="center">
        <Text fontWeight="bold" fontSize="lg" data-testid="event-price">
          {priceText(event.ticketPrice)}
        </Text>
        <Button
          colorPalette="green"
          disabled={soldOut}
          onClick={() => onBook(event)}
          aria-label={soldOut ? `Sold Out: ${event.title}` : `Book Now: ${event.title}`}
        >
          {soldOut ? 'Sold Out' : 'Book Now'}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
