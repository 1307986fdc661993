import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Field, HStack, Input } from '@chakra-ui/react';
import { errorMessage } from '../../lib/errors';

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert" size="sm">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}

/** A form's fields, a change handler per field, and a submit that shows the server's message when it fails. */
export function useAuthForm<T extends Record<string, string>>(initial: T, submit: (form: T) => Promise<unknown>) {
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof T) => (e: ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await submit(form);
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return { form, set, error, onSubmit };
}

/** First and last name side by side, as at sign-up and when a member without a name chooses one. */
export function NameFields({
  firstName,
  lastName,
  set,
}: {
  firstName: string;
  lastName: string;
  set: (key: 'firstName' | 'lastName') => (e: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <HStack gap="3" align="start">
      <Field.Root required>
        <Field.Label>First name</Field.Label>
        <Input
          name="firstName"
          autoComplete="given-name"
          maxLength={50}
          value={firstName}
          onChange={set('firstName')}
        />
      </Field.Root>
      <Field.Root required>
        <Field.Label>Last name</Field.Label>
        <Input name="lastName" autoComplete="family-name" maxLength={50} value={lastName} onChange={set('lastName')} />
      </Field.Root>
    </HStack>
  );
}
