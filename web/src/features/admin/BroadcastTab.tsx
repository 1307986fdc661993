import { useRef, useState, type FormEvent } from 'react';
import { Button, Card, chakra, Field, Input, NativeSelect, Textarea } from '@chakra-ui/react';
import type { NotificationType } from '../../gql/graphql';
import { errorMessage } from '../../lib/errors';
import { toaster } from '../../ui/toaster';
import { useAdminBroadcastMutation } from './admin.generated';

const FILL_IN_ALL_FIELDS = 'Please fill in all fields';
const TYPES: Array<{ value: NotificationType; label: string }> = [
  { value: 'info', label: 'Info' },
  { value: 'warning', label: 'Warning' },
  { value: 'success', label: 'Success' },
];

/** Send Notifications: a title, a message and a type, sent to every member at once. */
export function BroadcastTab() {
  const [form, setForm] = useState({ title: '', message: '', type: 'info' as NotificationType });
  const [problem, setProblem] = useState<string | null>(null);
  // One key per notification being written: a retry (or a second click) sends it once; a sent one gets a new key.
  const key = useRef(crypto.randomUUID());
  const [send, { loading }] = useAdminBroadcastMutation({ refetchQueries: ['BellNotifications'] });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (loading) return;
    if (!form.title.trim() || !form.message.trim()) {
      setProblem(FILL_IN_ALL_FIELDS);
      toaster.error({ title: 'Error', description: FILL_IN_ALL_FIELDS });
      return;
    }
    setProblem(null);
    try {
      await send({
        variables: {
          input: { title: form.title.trim(), message: form.message.trim(), type: form.type },
          idempotencyKey: key.current,
        },
      });
      key.current = crypto.randomUUID();
      setForm({ title: '', message: '', type: 'info' });
      toaster.success({ title: 'Notification sent' });
    } catch (err) {
      toaster.error({ title: 'Error', description: errorMessage(err, 'Failed to send notification') });
    }
  };
  return (
    <Card.Root maxW={{ md: '2xl' }}>
      <Card.Body>
        <chakra.form
          display="flex"
          flexDirection="column"
          gap="4"
          onSubmit={submit}
          aria-label="Send notification"
          noValidate
        >
          <Field.Root required invalid={!!problem && !form.title.trim()}>
            <Field.Label>Title</Field.Label>
            <Input
              name="title"
              value={form.title}
              maxLength={200}
              onChange={(e) => setForm({ ...form, title: e.currentTarget.value })}
            />
          </Field.Root>
          <Field.Root required invalid={!!problem && !form.message.trim()}>
            <Field.Label>Message</Field.Label>
            <Textarea
              name="message"
              rows={4}
              value={form.message}
              maxLength={2000}
              onChange={(e) => setForm({ ...form, message: e.currentTarget.value })}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>Type</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="type"
                value={form.type}
                onChange={(e) => setForm({ ...form, type: e.currentTarget.value as NotificationType })}
              >
                {TYPES.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {problem && (
            <Field.Root invalid>
              <Field.ErrorText role="alert">{problem}</Field.ErrorText>
            </Field.Root>
          )}
          <Button
            type="submit"
            colorPalette="green"
            alignSelf={{ base: 'stretch', md: 'flex-start' }}
            loading={loading}
            loadingText="Sending..."
          >
            Send Notification
          </Button>
        </chakra.form>
      </Card.Body>
    </Card.Root>
  );
}
