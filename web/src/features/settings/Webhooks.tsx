import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Code,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { LuWebhook } from 'react-icons/lu';
import type { WebhookDeliveryStatus, WebhookDisabledReason, WebhookEvent } from '../../gql/graphql';
import { errorMessage } from '../../lib/errors';
import { relativeTime } from '../../lib/relativeTime';
import { DialogFrame, FormDialogActions } from '../../ui/DialogFrame';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyNotice, LoadError, LoadingStatus } from '../../ui/LoadStates';
import { toaster } from '../../ui/toaster';
import { SecretOnceDialog } from './SecretOnce';
import {
  MyWebhooksDocument,
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useMyWebhookPagesQuery,
  useMyWebhooksQuery,
  useReplayWebhookDeliveryMutation,
  useUpdateWebhookMutation,
  type WebhookDeliveryFieldsFragment,
  type WebhookFieldsFragment,
} from './webhooks.generated';

/**
 * Each event with its label, in the order the dialog offers them; `page` marks those a business page's webhook may
 * take.
 */
export const WEBHOOK_EVENTS: ReadonlyArray<{ value: WebhookEvent; label: string; page: boolean }> = [
  { value: 'newFollower', label: 'New follower', page: true },
  { value: 'newApplication', label: 'New job application', page: true },
  { value: 'newBooking', label: 'New event booking', page: false },
  { value: 'newMessage', label: 'New message', page: false },
];
const EVENT_LABEL = Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e.value, e.label])) as Record<WebhookEvent, string>;
const STATUS: Record<WebhookDeliveryStatus, { label: string; palette: string }> = {
  pending: { label: 'Pending', palette: 'yellow' },
  succeeded: { label: 'Delivered', palette: 'green' },
  failed: { label: 'Failed', palette: 'red' },
};
const MAX_URL = 2000;

/** What the client checks before sending (the server checks the rest: https, public address, limits). */
export function webhookFormError(url: string, events: readonly WebhookEvent[]): string | null {
  const u = url.trim();
  if (!u) return 'URL is required.';
  if (u.length > MAX_URL) return `URL must be at most ${MAX_URL} characters.`;
  if (!/^https?:\/\/[^\s/]+/i.test(u)) return 'Enter a full https:// address.';
  if (!events.length) return 'Choose at least one event.';
  return null;
}

/**
 * Settings' webhooks: the member's own and their pages' webhooks (URL, events, active or off), each with its latest
 * deliveries (status, attempts, the last answer) and Replay; a dialog to add one that shows its signing secret once
 * with Copy; Turn off/on; Delete with a confirmation.
 */
export function Webhooks() {
  const hooks = useMyWebhooksQuery({ fetchPolicy: 'cache-and-network' });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<WebhookFieldsFragment | null>(null);
  const list = hooks.data?.myWebhooks;

  let body;
  if (!list && hooks.loading) body = <LoadingStatus testId="webhooks-loading">Loading...</LoadingStatus>;
  else if (!list && hooks.error)
    body = (
      <LoadError
        title="Could not load your webhooks"
        error={hooks.error}
        onRetry={hooks.refetch}
        testId="webhooks-error"
      />
    );
  else if (!list?.length)
    body = <EmptyNotice icon={<LuWebhook />} description="You have no webhooks." testId="webhooks-empty" />;
  else
    body = (
      <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
        {list.map((w) => (
          <WebhookItem key={w.id} webhook={w} onDelete={() => setDeleting(w)} />
        ))}
      </Stack>
    );

  return (
    <Card.Root as="section" aria-labelledby="settings-webhooks-heading" data-testid="webhooks">
      <Card.Header>
        <Flex
          justify="space-between"
          align={{ base: 'stretch', md: 'center' }}
          direction={{ base: 'column', md: 'row' }}
          gap="3"
        >
          <Box>
            <Heading as="h2" size="md" id="settings-webhooks-heading">
              Webhooks
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              Saffa tells your server at an https address when you or your business page get a new follower, job
              application, booking or message. Each delivery is signed with the webhook's secret.
            </Text>
          </Box>
          <Button
            colorPalette="green"
            minH="11"
            flexShrink={0}
            onClick={() => setCreating(true)}
            data-testid="create-webhook"
          >
            Add webhook
          </Button>
        </Flex>
      </Card.Header>
      <Card.Body>{body}</Card.Body>
      {creating && <CreateWebhookDialog onClose={() => setCreating(false)} />}
      {deleting && <DeleteWebhookDialog webhook={deleting} onClose={() => setDeleting(null)} />}
    </Card.Root>
  );
}

/** Why every webhook was turned off at once, shown on each (a member's own "Turn off" needs no explanation). */
export const DISABLED_REASON: Record<Exclude<WebhookDisabledReason, 'manual'>, string> = {
  passwordReset:
    'Turned off when your password was reset, in case someone else added it. Turn it on again if it is yours.',
  passwordChange: 'Turned off when you changed your password. Turn it on again if it is yours.',
};

function WebhookItem({ webhook: w, onDelete }: { webhook: WebhookFieldsFragment; onDelete: () => void }) {
  const [update, { loading }] = useUpdateWebhookMutation();
  const off = !!w.disabledAt;
  const toggle = async () => {
    try {
      await update({ variables: { id: w.id, input: { enabled: off } } });
      toaster.success({ title: off ? 'Webhook turned on' : 'Webhook turned off', description: w.url });
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err) });
    }
  };
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3" data-testid="webhook">
      <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3">
        <Stack gap="1" minW="0">
          <Text fontWeight="medium" wordBreak="break-all">
            {w.url}
          </Text>
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette={off ? 'gray' : 'green'}>{off ? 'Off' : 'Active'}</Badge>
            <Text fontSize="sm" color="fg.muted">
              {w.businessName ? `Business page: ${w.businessName}` : 'Your own events'}
            </Text>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {w.events.map((e) => EVENT_LABEL[e]).join(' · ')}
          </Text>
          {w.disabledReason && w.disabledReason !== 'manual' && (
            <Text fontSize="sm" color="fg.warning" data-testid="webhook-disabled-reason">
              {DISABLED_REASON[w.disabledReason]}
            </Text>
          )}
        </Stack>
        <Flex
          gap="2"
          direction={{ base: 'column', sm: 'row' }}
          flexShrink={0}
          align={{ base: 'stretch', md: 'center' }}
        >
          <Button
            variant="outline"
            size={{ base: 'md', md: 'sm' }}
            minH="11"
            loading={loading}
            onClick={() => void toggle()}
            aria-label={`${off ? 'Turn on' : 'Turn off'} ${w.url}`}
          >
            {off ? 'Turn on' : 'Turn off'}
          </Button>
          <Button
            variant="outline"
            colorPalette="red"
            size={{ base: 'md', md: 'sm' }}
            minH="11"
            onClick={onDelete}
            aria-label={`Delete ${w.url}`}
          >
            Delete
          </Button>
        </Flex>
      </Flex>
      <Box mt="3">
        <Text fontSize="sm" fontWeight="medium" mb="1">
          Recent deliveries
        </Text>
        {w.recentDeliveries.length === 0 ? (
          <Text fontSize="sm" color="fg.muted" data-testid="deliveries-empty">
            No deliveries yet.
          </Text>
        ) : (
          <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
            {w.recentDeliveries.map((d) => (
              <DeliveryRow key={d.id} delivery={d} />
            ))}
          </Stack>
        )}
      </Box>
    </Box>
  );
}

/** What the last attempt of a delivery came to, in words. */
export function deliveryOutcome(
  d: Pick<WebhookDeliveryFieldsFragment, 'status' | 'attempts' | 'lastStatusCode' | 'lastError' | 'nextAttemptAt'>,
): string {
  const tries = `${d.attempts} attempt${d.attempts === 1 ? '' : 's'}`;
  if (d.status === 'succeeded') return `${tries} · HTTP ${d.lastStatusCode ?? 200}`;
  if (d.attempts === 0) return 'Waiting to be sent';
  const why = d.lastError ?? (d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : 'no answer');
  if (d.status === 'failed') return `${tries} · ${why}`;
  return `${tries} · ${why}${d.nextAttemptAt ? ` · retrying ${relativeTime(d.nextAttemptAt)}` : ''}`;
}

function DeliveryRow({ delivery: d }: { delivery: WebhookDeliveryFieldsFragment }) {
  const [replay, { loading }] = useReplayWebhookDeliveryMutation({ refetchQueries: [MyWebhooksDocument] });
  const status = STATUS[d.status];
  const go = async () => {
    try {
      // One key per click: a retried request makes no second delivery.
      await replay({ variables: { id: d.id, idempotencyKey: crypto.randomUUID() } });
      toaster.success({ title: 'Delivery queued', description: `${EVENT_LABEL[d.event]} will be sent again.` });
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err) });
    }
  };
  return (
    <Flex
      as="li"
      direction={{ base: 'column', sm: 'row' }}
      justify="space-between"
      align={{ base: 'stretch', sm: 'center' }}
      gap="2"
      py="1"
      data-testid="webhook-delivery"
    >
      <Stack gap="0" minW="0">
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette={status.palette}>{status.label}</Badge>
          <Text fontSize="sm">{EVENT_LABEL[d.event]}</Text>
          <Text fontSize="sm" color="fg.muted">
            {relativeTime(d.createdAt)}
            {d.replayOfId ? ' · replay' : ''}
          </Text>
        </HStack>
        <Text fontSize="xs" color="fg.muted" wordBreak="break-word">
          {deliveryOutcome(d)}
        </Text>
      </Stack>
      <Button
        variant="ghost"
        size="sm"
        minH="11"
        flexShrink={0}
        loading={loading}
        onClick={() => void go()}
        aria-label={`Replay ${EVENT_LABEL[d.event]} delivery from ${relativeTime(d.createdAt)}`}
      >
        Replay
      </Button>
    </Flex>
  );
}

function CreateWebhookDialog({ onClose }: { onClose: () => void }) {
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

function DeleteWebhookDialog({ webhook, onClose }: { webhook: WebhookFieldsFragment; onClose: () => void }) {
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
