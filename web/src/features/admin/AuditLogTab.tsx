import { useState } from 'react';
import { Badge, Card, Code, Flex, Stack, Text } from '@chakra-ui/react';
import { LuScrollText } from 'react-icons/lu';
import { relativeTime } from '../../lib/relativeTime';
import { FilterSelect } from '../../ui/FilterSelect';
import { EmptyNotice, LoadError, LoadingStatus, LoadMoreFooter } from '../../ui/LoadStates';
import { useSession } from '../../ui/session';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { useAdminAuditLogQuery, type AdminAuditLogQuery } from './admin.generated';

/** The actions the log holds, as the filter offers them (other modules add theirs: they show under All). */
const ACTIONS = [
  { value: '', label: 'All actions' },
  { value: 'user.update', label: 'User updated' },
  { value: 'user.suspend', label: 'User suspended' },
  { value: 'user.unsuspend', label: 'User unsuspended' },
  { value: 'user.delete', label: 'User deleted' },
  { value: 'notification.broadcast', label: 'Notification sent' },
  { value: 'report.dismiss', label: 'Report dismissed' },
  { value: 'report.remove', label: 'Reported content removed' },
  { value: 'report.suspendAuthor', label: 'Reported author suspended' },
  { value: 'noot.song.approve', label: 'Song approved' },
  { value: 'noot.song.reject', label: 'Song rejected' },
];
const labelOf = (action: string) => ACTIONS.find((a) => a.value === action)?.label ?? action;

type Entry = AdminAuditLogQuery['adminAuditLog']['nodes'][number];

/** The changed values, "field: before → after", from the entry's JSON. */
function changes(entry: Entry): string | null {
  const before = entry.before ? (JSON.parse(entry.before) as Record<string, unknown>) : {};
  const after = entry.after ? (JSON.parse(entry.after) as Record<string, unknown>) : {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (!keys.length) return null;
  const show = (v: unknown) => (v === undefined || v === null ? '—' : String(v));
  return keys.map((k) => (k in before && k in after ? `${k}: ${show(before[k])} → ${show(after[k])}` : `${k}: ${show(k in after ? after[k] : before[k])}`)).join('; ');
}

/** The audit log: every admin action with who, what and when; filtered by action or to the viewer's own. */
export function AuditLogTab() {
  const me = useSession();
  const [action, setAction] = useState('');
  const [who, setWho] = useState('');
  const { data, loading, error, refetch, fetchMore } = useAdminAuditLogQuery({
    variables: { action: action || null, actorId: who === 'me' ? me.id : null, first: 20 },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
  const paging = usePagedConnection({ connection: data?.adminAuditLog, fetchMore });
  let body;
  if (loading && !data) body = <LoadingStatus testId="admin-audit-loading">Loading the audit log...</LoadingStatus>;
  else if (error && !data) body = <LoadError title="Could not load the audit log" error={error} onRetry={() => refetch()} />;
  else if (paging.nodes.length === 0) body = <EmptyNotice icon={<LuScrollText />} description="No admin actions yet" testId="admin-audit-empty" />;
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
                    <Badge>{labelOf(e.action)}</Badge>
                    <Text fontWeight="semibold">{e.actorName}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {e.targetType} {e.targetId ?? ''}
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
        <LoadMoreFooter hasNextPage={paging.hasNextPage} paging={paging} failedText="Could not load more entries." loadingText="Loading..." />
      </Stack>
    );
  return (
    <Stack gap="4">
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
        <FilterSelect label="Action" value={action} options={ACTIONS} onChange={setAction} testId="admin-audit-action" />
        <FilterSelect label="Admin" value={who} options={[{ value: '', label: 'All admins' }, { value: 'me', label: 'Only mine' }]} onChange={setWho} testId="admin-audit-actor" />
      </Flex>
      {body}
    </Stack>
  );
}
