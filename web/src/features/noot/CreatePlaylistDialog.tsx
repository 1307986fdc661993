import { useState, type FormEvent } from 'react';
import { Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useCreateNootPlaylistMutation } from './music.generated';
import { errorMessage } from '../../lib/errors';
import { DialogFrame, FormDialogActions } from '../../ui/DialogFrame';
import { toaster } from '../../ui/toaster';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

interface PlaylistErrors {
  name?: string;
  month?: string;
  year?: string;
}

/** The spec's playlist rules (002 section 5): name required, month 1 to 12, year at least 2020. */
function playlistErrors(v: { name: string; month: number; year: number }): PlaylistErrors {
  const errors: PlaylistErrors = {};
  if (!v.name.trim()) errors.name = 'Playlist name is required';
  if (!Number.isInteger(v.month) || v.month < 1 || v.month > 12) errors.month = 'Invalid month';
  if (!Number.isInteger(v.year) || v.year < 2020) errors.year = 'Invalid year';
  return errors;
}

/** An admin creates a monthly playlist: name, month, and a year from this one and the next nine. */
export function CreatePlaylistDialog({ onClose }: { onClose: () => void }) {
  const now = new Date();
  const years = Array.from({ length: 10 }, (_, i) => now.getFullYear() + i);
  const [name, setName] = useState('');
  const [month, setMonth] = useState(now.getMonth() + 1);
  const [year, setYear] = useState(now.getFullYear());
  const [touched, setTouched] = useState(false);
  const [create, { loading }] = useCreateNootPlaylistMutation({
    refetchQueries: ['NootChart'],
    awaitRefetchQueries: true,
  });
  const errors = touched ? playlistErrors({ name, month, year }) : {};

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.keys(playlistErrors({ name, month, year })).length) return;
    try {
      await create({ variables: { input: { name: name.trim(), month, year } } });
      toaster.create({ type: 'success', title: 'Playlist created' });
      onClose();
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err) });
    }
  };

  return (
    <DialogFrame
      title="Create Playlist"
      testId="create-playlist-dialog"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      footer={<FormDialogActions submitLabel="Create Playlist" loading={loading} loadingText="Creating..." />}
    >
      <Stack gap="4">
        <Field.Root invalid={!!errors.name}>
          <Field.Label>
            Playlist name <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setTouched(true)}
            placeholder="e.g. November Top Hits"
            maxLength={100}
          />
          <Field.ErrorText>{errors.name}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.month}>
          <Field.Label>Month</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="month" value={month} onChange={(e) => setMonth(Number(e.target.value))}>
              {MONTH_NAMES.map((m, i) => (
                <option key={m} value={i + 1}>
                  {m}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.month}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.year}>
          <Field.Label>Year</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="year" value={year} onChange={(e) => setYear(Number(e.target.value))}>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.year}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </DialogFrame>
  );
}
