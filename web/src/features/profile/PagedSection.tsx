import type { ReactNode } from 'react';
import { Box, Stack } from '@chakra-ui/react';
import { TitledSection } from '../../ui/TitledSection';
import { EmptyNotice, LoadError, LoadingStatus, LoadMoreFooter } from '../../ui/LoadStates';
import { usePagedConnection, type Connection, type PagedConnectionOptions } from '../../ui/usePagedConnection';

/**
 * One titled, paged list of a profile tab: loading, error (with Retry), empty, the items, and "Load more" as the
 * end of the list comes near.
 */
export function PagedSection<T>({
  title,
  connection,
  loading,
  error,
  refetch,
  fetchMore,
  errorTitle,
  empty,
  icon,
  render,
  testId,
}: {
  title: string;
  connection: Connection<T> | null | undefined;
  loading: boolean;
  error?: unknown;
  refetch: () => Promise<unknown>;
  fetchMore: PagedConnectionOptions<T>['fetchMore'];
  errorTitle: string;
  empty: ReactNode;
  icon: ReactNode;
  render: (item: T) => ReactNode;
  testId: string;
}) {
  const paging = usePagedConnection({ connection, fetchMore });
  let body: ReactNode;
  if (!connection && loading) body = <LoadingStatus>Loading...</LoadingStatus>;
  else if (!connection && error) body = <LoadError title={errorTitle} error={error} onRetry={refetch} />;
  else if (paging.nodes.length === 0) body = <EmptyNotice icon={icon} description={empty} />;
  else
    body = (
      <>
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {paging.nodes.map(render)}
        </Stack>
        <Box ref={paging.sentinelRef} h="1px" aria-hidden />
        <LoadMoreFooter
          hasNextPage={paging.hasNextPage}
          paging={paging}
          failedText="Could not load more."
          loadingText="Loading more..."
        />
      </>
    );
  return (
    <TitledSection id={`${testId}-heading`} title={title} as="h3" testId={testId}>
      {body}
    </TitledSection>
  );
}
