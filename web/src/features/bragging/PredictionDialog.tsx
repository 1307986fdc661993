import { useState, type FormEvent } from 'react';
import { Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { usePredictBraggingEventMutation, type BraggingEventFieldsFragment } from './bragging.generated';
import { errorMessage } from '../../lib/errors';
import { DialogFrame, FormDialogActions } from '../../ui/DialogFrame';
import { toaster } from '../../ui/toaster';

/** The member predicts the winner (team1 by default) and an optional margin, once. */
export function PredictionDialog({
  event,
  onClose,
}: {
  event: BraggingEventFieldsFragment | null;
  onClose: () => void;
}) {
  const [winner, setWinner] = useState<'team1' | 'team2'>('team1');
  const [margin, setMargin] = useState('');
  const [predict, { loading }] = usePredictBraggingEventMutation();
  const marginInvalid = margin !== '' && !/^\d+$/.test(margin);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!event) {
      toaster.create({ type: 'error', title: 'Invalid prediction', description: 'Please try again' });
      return;
    }
    if (marginInvalid) return;
    try {
      await predict({
        variables: {
          input: { eventId: event.id, predictedWinner: winner, predictedMargin: margin === '' ? null : Number(margin) },
        },
      });
      toaster.create({ type: 'success', title: 'Prediction submitted!' });
      onClose();
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err, 'Failed to submit prediction') });
    }
  };

  return (
    <DialogFrame
      title="Make your prediction"
      testId="prediction-dialog"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      noValidate
      footer={<FormDialogActions submitLabel="Submit Prediction" loading={loading} loadingText="Submitting..." />}
    >
      <Stack gap="4">
        {event && <Text fontWeight="medium">{event.title}</Text>}
        <Field.Root required>
          <Field.Label>
            Winner <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="predictedWinner"
              value={winner}
              onChange={(e) => setWinner(e.target.value as 'team1' | 'team2')}
            >
              <option value="team1">{event?.team1Name ?? 'Team 1'}</option>
              <option value="team2">{event?.team2Name ?? 'Team 2'}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root invalid={marginInvalid}>
          <Field.Label>Winning margin (optional)</Field.Label>
          <Input
            name="predictedMargin"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={margin}
            onChange={(e) => setMargin(e.target.value)}
            placeholder="e.g. 7"
          />
          <Field.HelperText>
            10 points for the right winner; 10 more for the exact margin, 5 more within 5.
          </Field.HelperText>
          <Field.ErrorText>The margin must be a whole number.</Field.ErrorText>
        </Field.Root>
      </Stack>
    </DialogFrame>
  );
}
