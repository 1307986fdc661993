import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import type { WebhookDeliveryStatus, WebhookDisabledReason } from '../../gql/graphql';
import { errorMessage } from '../../lib/errors';
import { relativeTime } from '../../lib/relativeTime';
import { toaster } from '../../ui/toaster';
import {
  MyWebhooksDocument,
  useReplayWebhookDeliveryMutation,
  useUpdateWebhookMutation,
  type WebhookDeliveryFieldsFragment,
  type WebhookFieldsFragment,
} from './webhooks.generated';
import { EVENT_LABEL } from './webhookEvents';

/** One webhook in Settings' list: URL, events, on or off (and why), its latest deliveries with Replay. */

const STATUS: Record<WebhookDeliveryStatus, { label: string; palette: string }> = {
  pending: { label: 'Pending', palette: 'yellow' },
  succeeded: { label: 'Delivered', palette: 'green' },
  failed: { label: 'Failed', palette: 'red' },
};
/** Why every webhook was turned off at once, shown on each (a member's own "Turn off" needs no explanation). */
export const DISABLED_REASON: Record<Exclude<WebhookDisabledReason, 'manual'>, string> = {
  passwordReset:
    'Turned off when your password was reset, in case someone else added it. Turn it on again if it is yours.',
  passwordChange: 'Turned off when you changed your password. Turn it on again if it is yours.',
};

export function WebhookItem({ webhook: w, onDelete }: { webhook: WebhookFieldsFragment; onDelete: () => void }) {
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
