import { useState } from 'react';
import { Field, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useCreateEventMutation } from './events.generated';
import { errorMessage } from '../../lib/errors';
import { ImagePicker } from '../../ui/ImagePicker';
import { toaster } from '../../ui/toaster';
import { EventFormDialog } from './EventFormDialog';
import { createdText, DEFAULT_TOTAL_TICKETS, totalTicketsOf } from './eventText';
import { useEventCategories } from './useEventCategories';

const EMPTY = {
  title: '',
  description: '',
  date: '',
  time: '',
  location: '',
  category: 'Networking',
  ticketPrice: '0',
  totalTickets: String(DEFAULT_TOTAL_TICKETS),
  image: '',
};
type Form = typeof EMPTY;

/** The new event form (spec 001 section 3): title, date and location required; price in dollars (0 is free). */
export function CreateEventDialog({ onClose }: { onClose: () => void }) {
  const [form, setForm] = useState<Form>(EMPTY);
  const categories = useEventCategories();
  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const [create, { loading }] = useCreateEventMutation({ refetchQueries: ['Events', 'MyEvents'] });
  const submit = async () => {
    if (!form.title.trim() || !form.date || !form.location.trim()) {
      toaster.create({
        type: 'error',
        title: 'Missing Information',
        description: 'Please fill in all required fields',
      });
      return;
    }
    const price = Number.parseFloat(form.ticketPrice);
    try {
      const r = await create({
        variables: {
          input: {
            title: form.title,
            description: form.description,
            date: form.date,
            time: form.time || null,
            location: form.location,
            category: form.category,
            ticketPrice: Number.isNaN(price) ? 0 : price,
            totalTickets: totalTicketsOf(form.totalTickets),
            image: form.image || null,
          },
        },
      });
      if (!r.data) return;
      toaster.create({ type: 'success', title: 'Event Created!', description: createdText(r.data.createEvent.title) });
      onClose();
    } catch (err) {
      toaster.create({ type: 'error', title: 'Could not create the event', description: errorMessage(err) });
    }
  };
  return (
    <EventFormDialog
      onClose={onClose}
      title="Create Event"
      testId="create-event-dialog"
      submitLabel="Create Event"
      loading={loading}
      onSubmit={submit}
    >
      <Stack gap="4">
        <Field.Root>
          <Field.Label>
            Title{' '}
            <Text as="span" color="fg.error" aria-hidden>
              *
            </Text>
          </Field.Label>
          <Input aria-required value={form.title} onChange={(e) => set('title')(e.target.value)} maxLength={200} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Description</Field.Label>
          <Textarea rows={3} value={form.description} onChange={(e) => set('description')(e.target.value)} />
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root>
            <Field.Label>
              Date{' '}
              <Text as="span" color="fg.error" aria-hidden>
                *
              </Text>
            </Field.Label>
            <Input aria-required type="date" value={form.date} onChange={(e) => set('date')(e.target.value)} />
          </Field.Root>
          <Field.Root>
            <Field.Label>Time</Field.Label>
            <Input type="time" value={form.time} onChange={(e) => set('time')(e.target.value)} />
          </Field.Root>
        </SimpleGrid>
        <Field.Root>
          <Field.Label>
            Location{' '}
            <Text as="span" color="fg.error" aria-hidden>
              *
            </Text>
          </Field.Label>
          <Input
            aria-required
            value={form.location}
            onChange={(e) => set('location')(e.target.value)}
            maxLength={200}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Category</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={form.category} onChange={(e) => set('category')(e.target.value)}>
              {categories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root>
            <Field.Label>Ticket price ($)</Field.Label>
            <Input
              type="number"
              min={0}
              step={0.01}
              value={form.ticketPrice}
              onChange={(e) => set('ticketPrice')(e.target.value)}
            />
            <Field.HelperText>0 means free</Field.HelperText>
          </Field.Root>
          <Field.Root>
            <Field.Label>Total tickets</Field.Label>
            <Input
              type="number"
              min={1}
              step={1}
              value={form.totalTickets}
              onChange={(e) => set('totalTickets')(e.target.value)}
            />
          </Field.Root>
        </SimpleGrid>
        <ImagePicker
          label="Event image"
          hint="Recommended 1200x630"
          aspect="wide"
          value={form.image}
          onChange={set('image')}
          testId="event-image-input"
        />
      </Stack>
    </EventFormDialog>
  );
}
