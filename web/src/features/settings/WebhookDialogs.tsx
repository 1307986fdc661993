import { useState } from 'react';
import { Box, Checkbox, Code, Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { WebhookEvent } from '../../gql/graphql';
import { errorMessage } from '../../lib/errors';
import { DialogFrame, FormDialogActions } from '../../ui/DialogFrame';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toaster } from '../../ui/toaster';
import { SecretOnceDialog } from './SecretOnce';
import {
  MyWebhooksDocument,
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useMyWebhookPagesQuery,
  type WebhookFieldsFragment,
} from './webhooks.generated';
import { MAX_URL, WEBHOOK_EVENTS, webhookFormError } from './webhookEvents';

/** The webhook dialogs: add one (its signing secret shown once, with Copy), delete one after a confirmation. */

export function CreateWebhookDialog({ onClose }: { onClose: () => void }) {
  const pages = useMyWebhookPagesQuery();
  const [url, setUrl] = useState('');
  const [owner, setOwner] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['newFollower']);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [create, { loading }] = useCreateWebhookMutation({
    refetchQueries: [MyWebhooksDocument],
    awaitRefetchQueries: false,
  });
  const offered = WEBHOOK_EVENTS.filter((e) => !owner || e.page);
  const chosen = events.filter((e) => offered.some((o) => o.value === e));

  const submit = async () => {
    const problem = webhookFormError(url, chosen);
    if (problem) return setError(problem);
    setError(null);
    try {
      const r = await create({ variables: { input: { url: url.trim(), events: chosen, businessId: owner || null } } });
      setSecret(r.data?.createWebhook.secret ?? null);
    } catch (err) {
      setError(errorMessage(err, 'Could not add the webhook. Please try again.'));
    }
  };

  if (secret)
    return (
      <SecretOnceDialog
        onClose={onClose}
        title="Your webhook's signing secret"
        secret={secret}
        copiedTitle="Secret copied"
        testId="webhook-created-dialog"
        secretTestId="webhook-secret"
      >
        <Text fontSize="sm" color="fg.muted">
          Each delivery carries <Code>Saffa-Signature: t=…,v1=…</Code>: the HMAC-SHA256 of <Code>t.body</Code> with this
          secret. Check it before you trust a delivery (see the API guide).
        </Text>
      </SecretOnceDialog>
    );

  return (
    <DialogFrame
      onClose={onClose}
      title="Add webhook"
      testId="create-webhook-dialog"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      footer={<FormDialogActions submitLabel="Add webhook" loading={loading} loadingText="Adding..." />}
    >
      <Stack gap="4">
        <Field.Root required invalid={!!error}>
          <Field.Label>
            URL <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="url"
            inputMode="url"
            value={url}
            maxLength={MAX_URL}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://example.com/hooks/saffa"
            data-testid="webhook-url"
            autoFocus
          />
          {error ? (
            <Field.ErrorText data-testid="webhook-error">{error}</Field.ErrorText>
          ) : (
            <Field.HelperText>An https address on the public internet.</Field.HelperText>
          )}
        </Field.Root>
        {(pages.data?.myBusinessPages.nodes.length ?? 0) > 0 && (
          <Field.Root>
            <Field.Label>For</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={owner}
                onChange={(e) => setOwner(e.currentTarget.value)}
                data-testid="webhook-owner"
              >
                <option value="">My own events</option>
                {pages.data!.myBusinessPages.nodes.map((p) => (
                  <option key={p.id} value={p.id}>
                    Business page: {p.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
        <Box as="fieldset">
          <Text as="legend" fontWeight="medium" fontSize="sm" mb="2">
            Events
          </Text>
          <Stack gap="2">
            {offered.map((e) => (
              <Checkbox.Root
                key={e.value}
                checked={events.includes(e.value)}
                onCheckedChange={(c) =>
                  setEvents((now) => (c.checked ? [...now, e.value] : now.filter((x) => x !== e.value)))
                }
                data-testid={`webhook-event-${e.value}`}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{e.label}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Box>
      </Stack>
    </DialogFrame>
  );
}

export function DeleteWebhookDialog({ webhook, onClose }: { webhook: WebhookFieldsFragment; onClose: () => void }) {
  const [remove, { loading }] = useDeleteWebhookMutation();
  const confirm = async () => {
    try {
      await remove({
        variables: { id: webhook.id },
        update: (cache) => {
          cache.evict({ id: cache.identify({ __typename: 'Webhook', id: webhook.id }) });
          cache.gc();
        },
      });
      toaster.success({ title: 'Webhook deleted', description: `${webhook.url} gets no more deliveries.` });
      onClose();
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err) });
    }
  };
  return (
    <ConfirmDialog
      title="Delete this webhook?"
      testId="delete-webhook-dialog"
      onClose={onClose}
      confirmLabel="Delete"
      loading={loading}
      loadingText="Deleting..."
      onConfirm={() => void confirm()}
    >
      <Text wordBreak="break-all">
        {webhook.url} gets no more deliveries, and its delivery history is deleted. This cannot be undone.
      </Text>
    </ConfirmDialog>
  );
}
