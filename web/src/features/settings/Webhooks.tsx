import { useState } from 'react';
import { Box, Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { LuWebhook } from 'react-icons/lu';
import { EmptyNotice, LoadError, LoadingStatus } from '../../ui/LoadStates';
import { useMyWebhooksQuery, type WebhookFieldsFragment } from './webhooks.generated';
import { CreateWebhookDialog, DeleteWebhookDialog } from './WebhookDialogs';
import { WebhookItem } from './WebhookItem';

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
