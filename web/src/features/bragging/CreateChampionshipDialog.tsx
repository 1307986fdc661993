import { useState } from 'react';
import { Input, Textarea } from '@chakra-ui/react';
import { useCreateBraggingChampionshipMutation } from './bragging.generated';
import { AdminFormDialog, CategorySelect, DateFields, RequiredField } from './FormParts';
import { championshipProblem } from './bragging.rules';

const DATES = [
  { name: 'startDate', label: 'Start date' },
  { name: 'endDate', label: 'End date' },
] as const;

/** An admin adds a championship: name, description, category, start and end dates (spec 002's messages). */
export function CreateChampionshipDialog({
  initialCategory,
  onClose,
}: {
  initialCategory: string;
  onClose: () => void;
}) {
  const [v, setV] = useState({ name: '', description: '', category: initialCategory, startDate: '', endDate: '' });
  const [create, { loading }] = useCreateBraggingChampionshipMutation({
    refetchQueries: ['BraggingChampionships'],
    awaitRefetchQueries: true,
  });
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });

  return (
    <AdminFormDialog
      title="Add Championship"
      testId="championship-dialog"
      submitLabel="Create Championship"
      created="Championship created!"
      failure="Failed to create championship"
      check={() => championshipProblem(v)}
      save={() => create({ variables: { input: { ...v, name: v.name.trim(), description: v.description.trim() } } })}
      loading={loading}
      onClose={onClose}
    >
      <RequiredField label="Name">
        <Input name="name" value={v.name} onChange={set('name')} maxLength={120} placeholder="e.g. Currie Cup 2026" />
      </RequiredField>
      <RequiredField label="Description">
        <Textarea name="description" value={v.description} onChange={set('description')} maxLength={1000} />
      </RequiredField>
      <CategorySelect value={v.category} onChange={(category) => setV({ ...v, category })} />
      <DateFields type="date" fields={DATES} values={v} onChange={(name, value) => setV({ ...v, [name]: value })} />
    </AdminFormDialog>
  );
}
