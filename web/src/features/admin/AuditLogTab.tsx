import { useState } from 'react';
import { Badge, Card, Code, Flex, Stack, Text } from '@chakra-ui/react';
import { LuScrollText } from 'react-icons/lu';
import { relativeTime } from '../../lib/relativeTime';
import { FilterSelect } from '../../ui/FilterSelect';
import { EmptyNotice, LoadError, LoadingStatus, LoadMoreFooter } from '../../ui/LoadStates';
import { useSession } from '../../ui/session';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { useAdminAuditActionsQuery, useAdminAuditLogQuery, type AdminAuditLogQuery } from './admin.generated';

type Entry = AdminAuditLogQuery['adminAuditLog']['nodes'][number];

/** How a recorded value reads: lists as their count ("2 items"), empty as a dash. */
function show(v: unknown): string {
  if (v === undefined || v === null || v === '') return '—';
  if (Array.isArray(v)) return v.length === 1 ? '1 item' : `${v.length} items`;
  if (typeof v === 'object') return '…';
  return String(v);
}

/** Recorded fields the entry already names in words (the target's name) or that are ids, not for reading. */
const HIDDEN = /(^|[a-z])(Id|Ids|id|Url|Urls)$|^text$/;

/** "field: before → after" for each recorded value worth reading (no ids, no file addresses). */
function changes(entry: Entry): string | null {
  const before = entry.before ? (JSON.parse(entry.before) as Record<string, unknown>) : {};
  const after = entry.after ? (JSON.parse(entry.after) as Record<string, unknown>) : {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !HIDDEN.test(k));
  if (!keys.length) return null;
  // team1Score -> team 1 score
  const label = (k: string) =>
    k
      .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
      .replace(/([0-9])([A-Za-z])/g, '$1 $2')
      .toLowerCase();
  return keys
    .map((k) =>
      k in before && k in after
        ? `${label(k)}: ${show(before[k])} → ${show(after[k])}`
        : `${label(k)}: ${show(k in after ? after[k] : before[k])}`,
    )
    .join('; ');
}

/** The audit log: every admin action with who, what and when; filtered by action or to the viewer's own. */
export function AuditLogTab() {
  const me = useSession();
  const [action, setAction] = useState('');
  const [who, setWho] = useState('');
  // The filter offers every action the server can record (one list, on the server).
  const known = useAdminAuditActionsQuery({ fetchPolicy: 'cache-first' }).data?.adminAuditActions ?? [];
  const actions = [{ value: '', label: 'All actions' }, ...known];
  const { data, loading, error, refetch, fetchMore } = useAdminAuditLogQuery({
    variables: { action: action || null, actorId: who === 'me' ? me.id : null, first: 20 },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
  const paging = usePagedConnection({ connection: data?.adminAuditLog, fetchMore });
  let body;
  if (loading && !data) body = <LoadingStatus testId="admin-audit-loading">Loading the audit log...</LoadingStatus>;
  else if (error && !data)
    body = <LoadError title="Could not load the audit log" error={error} onRetry={() => refetch()} />;
  else if (paging.nodes.length === 0)
    body = <EmptyNotice icon={<LuScrollText />} description="No admin actions yet" testId="admin-audit-empty" />;
  else
    body = (
      <Stack gap="2">
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Audit log">
          {paging.nodes.map((e) => {
            const detail = changes(e);
            return (
              <Card.Root as="li" key={e.id} size="sm" data-testid="admin-audit-entry">
                <Card.Body>
                  <Flex gap="2" align="center" wrap="wrap">
                    <Badge>{e.actionLabel}</Badge>
                    <Text fontWeight="semibold">{e.actorName}</Text>
                    <Text fontSize="sm" color="fg.muted" data-testid="admin-audit-target">
                      {e.targetLabel}
                      {e.targetName ? `: ${e.targetName}` : ''}
                    </Text>
                    <Text asChild fontSize="sm" color="fg.muted" ms={{ md: 'auto' }}>
                      <time dateTime={e.createdAt} title={new Date(e.createdAt).toLocaleString()}>
                        {relativeTime(e.createdAt)}
                      </time>
                    </Text>
                  </Flex>
                  {detail && (
                    <Code mt="2" display="block" whiteSpace="pre-wrap" wordBreak="break-word" fontSize="xs">
                      {detail}
                    </Code>
                  )}
                </Card.Body>
              </Card.Root>
            );
          })}
        </Stack>
        <div ref={paging.sentinelRef} />
        <LoadMoreFooter
          hasNextPage={paging.hasNextPage}
          paging={paging}
          failedText="Could not load more entries."
          loadingText="Loading..."
        />
      </Stack>
    );
  return (
    <Stack gap="4">
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
        <FilterSelect
          label="Action"
          value={action}
          options={actions}
          onChange={setAction}
          testId="admin-audit-action"
        />
        <FilterSelect
          label="Admin"
          value={who}
          options={[
            { value: '', label: 'All admins' },
            { value: 'me', label: 'Only mine' },
          ]}
          onChange={setWho}
          testId="admin-audit-actor"
        />
      </Flex>
      {body}
    </Stack>
  );
}
