import { useState, type FormEvent } from 'react';
import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { useScoreBraggingEventMutation, type BraggingEventFieldsFragment } from './bragging.generated';
import { errorMessage } from '../../lib/errors';
import { DialogFrame, FormDialogActions } from '../../ui/DialogFrame';
import { toaster } from '../../ui/toaster';

/** An admin enters the final score of an event in progress or completed: points and badges are awarded at once. */
export function ScoreEventDialog({ event, onClose }: { event: BraggingEventFieldsFragment; onClose: () => void }) {
  const [s1, setS1] = useState('');
  const [s2, setS2] = useState('');
  const [touched, setTouched] = useState(false);
  const [score, { loading }] = useScoreBraggingEventMutation({
    refetchQueries: ['BraggingLeaderboard', 'MyBraggingBadges', 'BraggingChampionshipPage'],
    awaitRefetchQueries: true,
  });
  const valid = (s: string) => /^\d+$/.test(s);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!valid(s1) || !valid(s2)) return;
    try {
      await score({ variables: { id: event.id, team1Score: Number(s1), team2Score: Number(s2) } });
      toaster.create({ type: 'success', title: 'Event scored!' });
      onClose();
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err, 'Failed to score event') });
    }
  };

  return (
    <DialogFrame
      title="Score Event"
      testId="score-dialog"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      noValidate
      footer={<FormDialogActions submitLabel="Score Event" loading={loading} loadingText="Scoring..." />}
    >
      <Stack gap="4">
        <Text fontWeight="medium">{event.title}</Text>
        {(
          [
            [event.team1Name, s1, setS1, 'team1Score'],
            [event.team2Name, s2, setS2, 'team2Score'],
          ] as const
        ).map(([team, value, setValue, name]) => (
          <Field.Root key={name} required invalid={touched && !valid(value)}>
            <Field.Label>
              {team} score <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name={name}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
            <Field.ErrorText>Enter a whole number.</Field.ErrorText>
          </Field.Root>
        ))}
      </Stack>
    </DialogFrame>
  );
}
