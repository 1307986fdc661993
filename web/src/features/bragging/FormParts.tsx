import { Alert, Field, NativeSelect } from '@chakra-ui/react';
import { CATEGORIES, type FormProblem } from './bragging.rules';

/** The spec's validation message of an admin form (e.g. 'Missing fields: Please fill in all required fields'). */
export function FormProblemAlert({ problem }: { problem: FormProblem | null }) {
  if (!problem) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{problem.title}</Alert.Title>
      <Alert.Description>{problem.description}</Alert.Description>
    </Alert.Root>
  );
}

/** The category of a new championship or event: one of the six. */
export function CategorySelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field.Root>
      <Field.Label>Category</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name="category" value={value} onChange={(e) => onChange(e.target.value)}>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
