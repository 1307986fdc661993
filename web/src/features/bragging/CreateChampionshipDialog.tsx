import { useState, type FormEvent } from 'react';
import { Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { useCreateBraggingChampionshipMutation } from './bragging.generated';
import { errorMessage } from '../../lib/errors';
import { DialogFrame, FormDialogActions } from '../../ui/DialogFrame';
import { toaster } from '../../ui/toaster';
import { CategorySelect, FormProblemAlert } from './FormParts';
import { championshipProblem, type FormProblem } from './bragging.rules';

/** An admin adds a championship: name, description, category, start and end dates (spec 002's messages). */
export function CreateChampionshipDialog({ initialCategory, onClose }: { initialCategory: string; onClose: () => void }) {
  const [v, setV] = useState({ name: '', description: '', category: initialCategory, startDate: '', endDate: '' });
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [create, { loading }] = useCreateBraggingChampionshipMutation({ refetchQueries: ['BraggingChampionships'], awaitRefetchQueries: true });
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const p = championshipProblem(v);
    setProblem(p);
    if (p) {
      toaster.create({ type: 'error', title: p.title, description: p.description });
      return;
    }
    try {
      await create({ variables: { input: { ...v, name: v.name.trim(), description: v.description.trim() } } });
      toaster.create({ type: 'success', title: 'Championship created!' });
      onClose();
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err, 'Failed to create championship') });
    }
  };

  return (
    <DialogFrame
      title="Add Championship"
      testId="championship-dialog"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      noValidate
      footer={<FormDialogActions submitLabel="Create Championship" loading={loading} loadingText="Creating..." />}
    >
      <Stack gap="4">
        <FormProblemAlert problem={problem} />
        <Field.Root required>
          <Field.Label>
            Name <Field.RequiredIndicator />
          </Field.Label>
          <Input name="name" value={v.name} onChange={set('name')} maxLength={120} placeholder="e.g. Currie Cup 2026" />
        </Field.Root>
        <Field.Root required>
          <Field.Label>
            Description <Field.RequiredIndicator />
          </Field.Label>
          <Textarea name="description" value={v.description} onChange={set('description')} maxLength={1000} />
        </Field.Root>
        <CategorySelect value={v.category} onChange={(category) => setV({ ...v, category })} />
        <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
          <Field.Root required>
            <Field.Label>
              Start date <Field.RequiredIndicator />
            </Field.Label>
            <Input name="startDate" type="date" value={v.startDate} onChange={set('startDate')} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>
              End date <Field.RequiredIndicator />
            </Field.Label>
            <Input name="endDate" type="date" value={v.endDate} onChange={set('endDate')} />
          </Field.Root>
        </Stack>
      </Stack>
    </DialogFrame>
  );
}
