import { useState } from 'react';
import { Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useBraggingChampionshipsQuery, useCreateBraggingEventMutation } from './bragging.generated';
import { ImagePicker } from '../../ui/ImagePicker';
import { AdminFormDialog, CategorySelect, DateFields, RequiredField } from './FormParts';
import { CHAMPIONSHIPS_SHOWN, eventProblem, LOGO_MAX_BYTES } from './bragging.rules';

/** `datetime-local` value (local time) to an ISO instant; '' stays ''. */
const isoOf = (local: string) => (local ? new Date(local).toISOString() : '');

const DATES = [
  { name: 'eventDate', label: 'Event date' },
  { name: 'closingDate', label: 'Prediction deadline' },
] as const;

/**
 * An admin adds an event: title, category, an optional championship of that category, two teams with optional
 * logos (images of at most 2 MB), the event date and the prediction deadline (spec 002's messages).
 */
export function CreateEventDialog({ initialCategory, onClose }: { initialCategory: string; onClose: () => void }) {
  const [v, setV] = useState({
    title: '',
    category: initialCategory,
    championshipId: '',
    team1Name: '',
    team1Logo: '',
    team2Name: '',
    team2Logo: '',
    eventDate: '',
    closingDate: '',
  });
  const champs = useBraggingChampionshipsQuery({ variables: { category: v.category, first: CHAMPIONSHIPS_SHOWN } });
  const [create, { loading }] = useCreateBraggingEventMutation({
    refetchQueries: ['BraggingEvents'],
    awaitRefetchQueries: true,
  });
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });

  const save = () =>
    create({
      variables: {
        input: {
          title: v.title.trim(),
          category: v.category,
          championshipId: v.championshipId || null,
          team1Name: v.team1Name.trim(),
          team1Logo: v.team1Logo || null,
          team2Name: v.team2Name.trim(),
          team2Logo: v.team2Logo || null,
          eventDate: isoOf(v.eventDate),
          closingDate: isoOf(v.closingDate),
        },
      },
    });

  const text = (k: 'title' | 'team1Name' | 'team2Name', label: string, placeholder: string) => (
    <RequiredField label={label}>
      <Input name={k} value={v[k]} onChange={set(k)} maxLength={k === 'title' ? 200 : 100} placeholder={placeholder} />
    </RequiredField>
  );

  return (
    <AdminFormDialog
      title="Add Event"
      testId="event-dialog"
      submitLabel="Create Event"
      created="Event created!"
      failure="Failed to create event"
      check={() => eventProblem(v)}
      save={save}
      loading={loading}
      onClose={onClose}
    >
      {text('title', 'Title', 'e.g. Bulls vs Sharks')}
      <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
        <CategorySelect value={v.category} onChange={(category) => setV({ ...v, category, championshipId: '' })} />
        <Field.Root>
          <Field.Label>Championship (optional)</Field.Label>
          <NativeSelect.Root disabled={champs.loading}>
            <NativeSelect.Field name="championshipId" value={v.championshipId} onChange={set('championshipId')}>
              <option value="">None</option>
              {(champs.data?.braggingChampionships.nodes ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Stack>
      {text('team1Name', 'Team 1', 'e.g. Bulls')}
      <ImagePicker
        label="Team 1 logo"
        hint="An image of at most 2 MB"
        value={v.team1Logo}
        onChange={(team1Logo) => setV({ ...v, team1Logo })}
        aspect="square"
        testId="team1-logo"
        maxBytes={LOGO_MAX_BYTES}
      />
      {text('team2Name', 'Team 2', 'e.g. Sharks')}
      <ImagePicker
        label="Team 2 logo"
        hint="An image of at most 2 MB"
        value={v.team2Logo}
        onChange={(team2Logo) => setV({ ...v, team2Logo })}
        aspect="square"
        testId="team2-logo"
        maxBytes={LOGO_MAX_BYTES}
      />
      <DateFields
        type="datetime-local"
        fields={DATES}
        values={v}
        onChange={(name, value) => setV({ ...v, [name]: value })}
      />
    </AdminFormDialog>
  );
}
