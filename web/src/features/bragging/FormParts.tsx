import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { errorMessage } from '../../lib/errors';
import { DialogFrame, FormDialogActions } from '../../ui/DialogFrame';
import { toaster } from '../../ui/toaster';
import { type FormProblem } from './bragging.rules';
import { useBraggingCategories } from './useBraggingCategories';

/** The spec's validation message of an admin form (e.g. 'Missing fields: Please fill in all required fields'). */
function FormProblemAlert({ problem }: { problem: FormProblem | null }) {
  if (!problem) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{problem.title}</Alert.Title>
      <Alert.Description>{problem.description}</Alert.Description>
    </Alert.Root>
  );
}

/**
 * An admin's create form (Add Championship, Add Event): the dialog with the validation alert above its fields, and
 * one submit flow. `check` finds the spec's problem (shown in the alert and a toast; nothing is sent); otherwise
 * `save` runs, then the `created` toast and the dialog closes; a failure toasts the server's message (or `failure`).
 */
export function AdminFormDialog({
  title,
  testId,
  submitLabel,
  created,
  failure,
  check,
  save,
  loading,
  onClose,
  children,
}: {
  title: string;
  testId: string;
  submitLabel: string;
  created: string;
  failure: string;
  check: () => FormProblem | null;
  save: () => Promise<unknown>;
  loading: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const p = check();
    setProblem(p);
    if (p) {
      toaster.create({ type: 'error', title: p.title, description: p.description });
      return;
    }
    try {
      await save();
      toaster.create({ type: 'success', title: created });
      onClose();
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err, failure) });
    }
  };
  return (
    <DialogFrame
      title={title}
      testId={testId}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      noValidate
      footer={<FormDialogActions submitLabel={submitLabel} loading={loading} loadingText="Creating..." />}
    >
      <Stack gap="4">
        <FormProblemAlert problem={problem} />
        {children}
      </Stack>
    </DialogFrame>
  );
}

/** A required field: its label with the required mark, above the input. */
export function RequiredField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Field.Root required>
      <Field.Label>
        {label} <Field.RequiredIndicator />
      </Field.Label>
      {children}
    </Field.Root>
  );
}

/**
 * Two required dates (a championship's start and end, an event's date and prediction deadline), side by side from `sm`
 * up.
 */
export function DateFields<K extends string>({
  type,
  fields,
  values,
  onChange,
}: {
  type: 'date' | 'datetime-local';
  fields: ReadonlyArray<{ name: K; label: string }>;
  values: Record<K, string>;
  onChange: (name: K, value: string) => void;
}) {
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
      {fields.map((f) => (
        <RequiredField key={f.name} label={f.label}>
          <Input name={f.name} type={type} value={values[f.name]} onChange={(e) => onChange(f.name, e.target.value)} />
        </RequiredField>
      ))}
    </Stack>
  );
}

/** The category of a new championship or event: one of the six. */
export function CategorySelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const categories = useBraggingCategories().categories ?? [];
  return (
    <Field.Root>
      <Field.Label>Category</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name="category" value={value} onChange={(e) => onChange(e.target.value)}>
          {categories.map((c) => (
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
