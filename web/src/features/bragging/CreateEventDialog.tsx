import { useState, type FormEvent } from 'react';
import { Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useBraggingChampionshipsQuery, useCreateBraggingEventMutation } from './bragging.generated';
import { errorMessage } from '../../lib/errors';
import { DialogFrame, FormDialogActions } from '../../ui/DialogFrame';
import { ImagePicker } from '../../ui/ImagePicker';
import { toaster } from '../../ui/toaster';
import { CategorySelect, FormProblemAlert } from './FormParts';
import { CHAMPIONSHIPS_SHOWN, eventProblem, LOGO_MAX_BYTES, type FormProblem } from './bragging.rules';

/** `datetime-local` value (local time) to an ISO instant; '' stays ''. */
const isoOf = (local: string) => (local ? new Date(local).toISOString() : '');

/**
 * An admin adds an event: title, category, an optional championship of that category, two teams with optional
 * logos (images of at most 2 MB), the event date and the prediction deadline (spec 002's messages).
 */
export function CreateEventDialog({ initialCategory, onClose }: { initialCategory: string; onClose: () => void }) {
  const [v, setV] = useState({ title: '', category: initialCategory, championshipId: '', team1Name: '', team1Logo: '', team2Name: '', team2Logo: '', eventDate: '', closingDate: '' });
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const champs = useBraggingChampionshipsQuery({ variables: { category: v.category, first: CHAMPIONSHIPS_SHOWN } });
  const [create, { loading }] = useCreateBraggingEventMutation({ refetchQueries: ['BraggingEvents'], awaitRefetchQueries: true });
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const p = eventProblem(v);
    setProblem(p);
    if (p) {
      toaster.create({ type: 'error', title: p.title, description: p.description });
      return;
    }
    try {
      await create({
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
      toaster.create({ type: 'success', title: 'Event created!' });
      onClose();
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err, 'Failed to create event') });
    }
  };

  const text = (k: 'title' | 'team1Name' | 'team2Name', label: string, placeholder: string) => (
    <Field.Root required>
      <Field.Label>
        {label} <Field.RequiredIndicator />
      </Field.Label>
      <Input name={k} value={v[k]} onChange={set(k)} maxLength={k === 'title' ? 200 : 100} placeholder={placeholder} />
    </Field.Root>
  );

  return (
    <DialogFrame
      title="Add Event"
      testId="event-dialog"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      noValidate
      footer={<FormDialogActions submitLabel="Create Event" loading={loading} loadingText="Creating..." />}
    >
      <Stack gap="4">
        <FormProblemAlert problem={problem} />
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
        <ImagePicker label="Team 1 logo" hint="An image of at most 2 MB" value={v.team1Logo} onChange={(team1Logo) => setV({ ...v, team1Logo })} aspect="square" testId="team1-logo" maxBytes={LOGO_MAX_BYTES} />
        {text('team2Name', 'Team 2', 'e.g. Sharks')}
        <ImagePicker label="Team 2 logo" hint="An image of at most 2 MB" value={v.team2Logo} onChange={(team2Logo) => setV({ ...v, team2Logo })} aspect="square" testId="team2-logo" maxBytes={LOGO_MAX_BYTES} />
        <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
          <Field.Root required>
            <Field.Label>
              Event date <Field.RequiredIndicator />
            </Field.Label>
            <Input name="eventDate" type="datetime-local" value={v.eventDate} onChange={set('eventDate')} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>
              Prediction deadline <Field.RequiredIndicator />
            </Field.Label>
            <Input name="closingDate" type="datetime-local" value={v.closingDate} onChange={set('closingDate')} />
          </Field.Root>
        </Stack>
      </Stack>
    </DialogFrame>
  );
}
