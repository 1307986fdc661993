import { useState } from 'react';
import type { ApolloCache } from '@apollo/client';
import { Badge, Box, Button, Card, Flex, Image, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LuFlag } from 'react-icons/lu';
import type { ReportKind, ReportReason } from '../../gql/graphql';
import { errorMessage } from '../../lib/errors';
import { relativeTime } from '../../lib/relativeTime';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FilterSelect } from '../../ui/FilterSelect';
import { EmptyNotice, LoadError, LoadingStatus, LoadMoreFooter } from '../../ui/LoadStates';
import { toaster } from '../../ui/toaster';
import { useAppConfig } from '../../ui/useAppConfig';
import { usePagedConnection } from '../../ui/usePagedConnection';
import {
  useDismissReportMutation,
  useModerationQueueQuery,
  useRemoveReportedContentMutation,
  useSuspendReportedAuthorMutation,
  type ModerationEntryFragment,
} from './moderation.generated';

/** What each kind is called in the queue, in the filter's order. */
const KIND_LABELS: Record<ReportKind, string> = {
  post: 'Post',
  comment: 'Comment',
  reel: 'Reel',
  recipe: 'Recipe',
  recipeComment: 'Recipe comment',
  review: 'Review',
  listing: 'Listing',
  group: 'Group',
  groupMessage: 'Group message',
  directMessage: 'Direct message',
  alias: 'Dating alias',
  song: 'Song',
};
const KIND_OPTIONS = [
  { value: '', label: 'All kinds' },
  ...Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label })),
];
const VIDEO = /\.(mp4|webm|mov|m4v)$/i;

type Action = 'dismiss' | 'remove' | 'suspend';
const CONFIRM: Record<'remove' | 'suspend', { title: string; text: string; button: string; busy: string }> = {
  remove: {
    title: 'Remove content',
    text: 'Remove this content and its files for everyone? This cannot be undone.',
    button: 'Remove',
    busy: 'Removing...',
  },
  suspend: {
    title: 'Suspend author',
    text:
      'Suspend the author? Their reported content is removed, the rest of their content is hidden, and they are ' +
      'signed out and cannot sign in until an admin lifts the suspension.',
    button: 'Suspend',
    busy: 'Suspending...',
  },
};
const DONE: Record<Action, string> = {
  dismiss: 'Report dismissed',
  remove: 'Content removed',
  suspend: 'Author suspended',
};

/** Runs one of the three actions on an entry; once done, the entry leaves the open queue. */
function useEntryAction(entry: ModerationEntryFragment) {
  const options = {
    update(cache: ApolloCache) {
      cache.evict({ id: cache.identify({ __typename: 'Report', id: entry.id }) });
      cache.gc();
    },
  };
  const [dismiss, d] = useDismissReportMutation(options);
  const [remove, r] = useRemoveReportedContentMutation(options);
  const [suspend, s] = useSuspendReportedAuthorMutation(options);
  const run = async (action: Action) => {
    const variables = { id: entry.id };
    try {
      if (action === 'dismiss') await dismiss({ variables });
      else if (action === 'remove') await remove({ variables });
      else await suspend({ variables });
      toaster.success({ title: DONE[action] });
      return true;
    } catch (err) {
      toaster.error({ title: 'Error', description: errorMessage(err, 'Could not update the report') });
      return false;
    }
  };
  return { run, busy: { dismiss: d.loading, remove: r.loading, suspend: s.loading } };
}

function ConfirmEntryAction({
  action,
  busy,
  onConfirm,
  onClose,
}: {
  action: 'remove' | 'suspend';
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const c = CONFIRM[action];
  return (
    <ConfirmDialog
      title={c.title}
      testId={`admin-report-confirm-${action}`}
      onClose={onClose}
      confirmLabel={c.button}
      loading={busy}
      loadingText={c.busy}
      onConfirm={onConfirm}
    >
      <Text>{c.text}</Text>
    </ConfirmDialog>
  );
}

function Entry({ entry, reasonLabel }: { entry: ModerationEntryFragment; reasonLabel: (r: ReportReason) => string }) {
  const { run, busy } = useEntryAction(entry);
  const [confirming, setConfirming] = useState<'remove' | 'suspend' | null>(null);
  const c = entry.content;
  const kind = KIND_LABELS[entry.kind];
  const reporters = entry.reporters.map((u) => u.displayName).join(', ');
  const anyBusy = busy.dismiss || busy.remove || busy.suspend;
  return (
    <Card.Root
      as="li"
      size="sm"
      data-testid="admin-report"
      aria-label={`${kind} by ${c.author?.displayName ?? 'a removed member'}`}
    >
      <Card.Body>
        <Stack gap="3">
          <Flex gap="2" align="center" wrap="wrap">
            <Badge colorPalette="purple">{kind}</Badge>
            {entry.reasons.map((r) => (
              <Badge key={r} colorPalette="orange">
                {reasonLabel(r)}
              </Badge>
            ))}
            {entry.reportCount > 1 && <Badge>{entry.reportCount} reports</Badge>}
            {c.removed && <Badge colorPalette="red">Removed</Badge>}
            <Text asChild fontSize="sm" color="fg.muted" ms={{ md: 'auto' }}>
              <time dateTime={entry.createdAt} title={new Date(entry.createdAt).toLocaleString()}>
                {relativeTime(entry.createdAt)}
              </time>
            </Text>
          </Flex>
          <Stack gap="1">
            <Text fontSize="sm" color="fg.muted">
              By{' '}
              <Text as="span" fontWeight="semibold" color="fg">
                {c.author?.displayName ?? 'Unknown'}
              </Text>
              {' · '}Reported by {reporters || 'a removed member'}
            </Text>
            {c.removed ? (
              <Text fontStyle="italic" color="fg.muted">
                This content has been removed.
              </Text>
            ) : (
              <Text whiteSpace="pre-wrap" wordBreak="break-word" lineClamp={6} data-testid="admin-report-text">
                {c.text}
              </Text>
            )}
            {c.mediaUrls.length > 0 && (
              <Flex gap="2" wrap="wrap">
                {c.mediaUrls.map((url) =>
                  VIDEO.test(url) ? (
                    <Link key={url} href={url} target="_blank" rel="noreferrer" fontSize="sm">
                      Video
                    </Link>
                  ) : (
                    <Image
                      key={url}
                      src={url}
                      alt={`${kind} media`}
                      boxSize="16"
                      objectFit="cover"
                      borderRadius="md"
                      loading="lazy"
                    />
                  ),
                )}
              </Flex>
            )}
            {c.url && !c.removed && (
              <Box>
                <Link asChild fontSize="sm" colorPalette="blue">
                  <RouterLink to={c.url}>View where it is shown</RouterLink>
                </Link>
              </Box>
            )}
          </Stack>
          <Flex gap="2" wrap="wrap">
            <Button
              size="sm"
              variant="outline"
              onClick={() => void run('dismiss')}
              loading={busy.dismiss}
              disabled={anyBusy}
            >
              Dismiss
            </Button>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => setConfirming('remove')}
              disabled={anyBusy}
            >
              Remove content
            </Button>
            {!c.removed && c.authorId && (
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                onClick={() => setConfirming('suspend')}
                disabled={anyBusy}
              >
                Suspend author
              </Button>
            )}
          </Flex>
        </Stack>
      </Card.Body>
      {confirming && (
        <ConfirmEntryAction
          action={confirming}
          busy={busy[confirming]}
          onClose={() => setConfirming(null)}
          onConfirm={() => void run(confirming).then((done) => done && setConfirming(null))}
        />
      )}
    </Card.Root>
  );
}

/**
 * Reports: the moderation queue, one entry per reported item (oldest first), with Dismiss, Remove content and Suspend
 * author.
 */
export function ReportsTab() {
  const [kind, setKind] = useState('');
  const reasons = useAppConfig().config?.reportReasons ?? [];
  const reasonLabel = (r: ReportReason) => reasons.find((o) => o.value === r)?.label ?? r;
  const { data, loading, error, refetch, fetchMore } = useModerationQueueQuery({
    variables: { kind: (kind || null) as ReportKind | null, first: 20 },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
  const paging = usePagedConnection({ connection: data?.moderationQueue, fetchMore });
  let body;
  if (loading && !data) body = <LoadingStatus testId="admin-reports-loading">Loading reports...</LoadingStatus>;
  else if (error && !data) body = <LoadError title="Could not load reports" error={error} onRetry={() => refetch()} />;
  else if (paging.nodes.length === 0)
    body = <EmptyNotice icon={<LuFlag />} description="No reports to review" testId="admin-reports-empty" />;
  else
    body = (
      <Stack gap="2">
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Reports">
          {paging.nodes.map((e) => (
            <Entry key={e.id} entry={e} reasonLabel={reasonLabel} />
          ))}
        </Stack>
        <div ref={paging.sentinelRef} />
        <LoadMoreFooter
          hasNextPage={paging.hasNextPage}
          paging={paging}
          failedText="Could not load more reports."
          loadingText="Loading..."
        />
      </Stack>
    );
  return (
    <Stack gap="4">
      <FilterSelect label="Kind" value={kind} options={KIND_OPTIONS} onChange={setKind} testId="admin-reports-kind" />
      {body}
    </Stack>
  );
}
