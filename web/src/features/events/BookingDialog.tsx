import { useState } from 'react';
import { Alert, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useBookEventTicketsMutation } from './events.generated';
import { errorMessage } from '../../lib/errors';
import { toaster } from '../../ui/toaster';
import { EventFormDialog } from './EventFormDialog';
import type { EventItem } from './EventCard';
import { bookedText, clampQuantity, money, priceText, whenText } from './eventText';

/** Books tickets for an event: the quantity clamped between 1 and the tickets available; no payment is taken. */
export function BookingDialog({ event, onClose }: { event: EventItem; onClose: () => void }) {
  const [quantity, setQuantity] = useState('1');
  const [book, { loading }] = useBookEventTicketsMutation({ refetchQueries: ['MyTickets', 'UpcomingEventsCount'] });
  const available = event.ticketsAvailable;
  const n = clampQuantity(Number(quantity), available);
  const submit = async () => {
    try {
      const r = await book({ variables: { eventId: event.id, quantity: n } });
      const booking = r.data?.bookEventTickets;
      if (!booking) return;
      toaster.create({
        type: 'success',
        title: 'Booking Confirmed!',
        description: bookedText(booking.quantity, event.title),
      });
      onClose();
    } catch (err) {
      toaster.create({ type: 'error', title: 'Booking failed', description: errorMessage(err) });
    }
  };
  return (
    <EventFormDialog
      onClose={onClose}
      title={`Book tickets: ${event.title}`}
      testId="booking-dialog"
      submitLabel="Confirm Booking"
      loading={loading}
      disabled={available <= 0}
      onSubmit={submit}
    >
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {whenText(event.date, event.time)} · {event.location}
        </Text>
        <Field.Root>
          <Field.Label>Number of tickets</Field.Label>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(available, 1)}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            onBlur={() => setQuantity(String(n))}
          />
          <Field.HelperText>
            {available} available · {priceText(event.ticketPrice)} each
          </Field.HelperText>
        </Field.Root>
        <Text fontWeight="bold" data-testid="booking-total">
          Total: {event.ticketPrice === 0 ? 'Free' : money(n * event.ticketPrice)}
        </Text>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>
            No payment is taken here: Saffa reserves your tickets and gives you a ticket code to show at the door. Any
            price is paid to the host as they arrange.
          </Alert.Description>
        </Alert.Root>
      </Stack>
    </EventFormDialog>
  );
}
