import type { ReactNode } from 'react';
import { Alert, Button, Center, EmptyState, Flex, Spinner, Stack, Text, type FlexProps } from '@chakra-ui/react';
import { errorMessage } from '../lib/errors';
import type { PagedList } from './usePagedConnection';

/** The states a screen's list or item shows around its data: loading, failed, empty, and "Load more". */

/** A centred spinner with a line of text, while the first data loads. */
export function LoadingStatus({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Center py="10" gap="3" role="status" data-testid={testId}>
      <Spinner size="sm" color="green.solid" />
      <Text color="fg.muted">{children}</Text>
    </Center>
  );
}

/** The data could not be loaded: the title, the reason, and a Retry button (a failing retry stays on this alert). */
export function LoadError({
  title,
  error,
  onRetry,
  testId,
}: {
  title: ReactNode;
  error: unknown;
  onRetry: () => Promise<unknown>;
  testId?: string;
}) {
  return (
    <Alert.Root status="error" role="alert" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{errorMessage(error)}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" alignSelf="center" onClick={() => void onRetry().catch(() => undefined)}>
        Retry
      </Button>
    </Alert.Root>
  );
}

/** The small form of LoadError, for a strip on a page: one muted line and a Retry button named by `retryLabel`. */
export function InlineLoadError({
  children,
  retryLabel,
  onRetry,
  ...rest
}: FlexProps & { children: ReactNode; retryLabel: string; onRetry: () => Promise<unknown> }) {
  return (
    <Flex align="center" gap="2" {...rest} role="alert">
      <Text fontSize="sm" color="fg.muted">
        {children}
      </Text>
      <Button size="xs" variant="outline" aria-label={retryLabel} onClick={() => void onRetry().catch(() => undefined)}>
        Retry
      </Button>
    </Flex>
  );
}

/** Nothing to show: an icon, an optional title and a description. */
export function EmptyNotice({
  icon,
  title,
  titleAs,
  description,
  testId,
  framed = true,
}: {
  icon: ReactNode;
  title?: ReactNode;
  titleAs?: 'h2';
  description: ReactNode;
  testId?: string;
  /** False inside a pane that has its own border. */
  framed?: boolean;
}) {
  return (
    <EmptyState.Root borderWidth={framed ? '1px' : undefined} borderRadius="lg" data-testid={testId}>
      <EmptyState.Content>
        <EmptyState.Indicator>{icon}</EmptyState.Indicator>
        {title && <EmptyState.Title as={titleAs}>{title}</EmptyState.Title>}
        <EmptyState.Description>{description}</EmptyState.Description>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/**
 * The end of a paged list: while there is a next page, the "Load more" button (with the failure of the last
 * try above it); after the last page, `endText` if given.
 */
export function LoadMoreFooter({
  hasNextPage,
  paging,
  failedText,
  loadingText,
  endText,
}: {
  hasNextPage: boolean;
  paging: Pick<PagedList, 'loadMore' | 'loadingMore' | 'moreFailed'>;
  failedText: ReactNode;
  loadingText: string;
  endText?: ReactNode;
}) {
  if (!hasNextPage) {
    return endText ? (
      <Text textAlign="center" fontSize="sm" color="fg.muted" py="2">
        {endText}
      </Text>
    ) : null;
  }
  return (
    <Stack align="center" gap="2">
      {paging.moreFailed && (
        <Text role="alert" fontSize="sm" color="fg.error">
          {failedText}
        </Text>
      )}
      <Button
        variant="outline"
        onClick={() => void paging.loadMore()}
        loading={paging.loadingMore}
        loadingText={loadingText}
      >
        Load more
      </Button>
    </Stack>
  );
}
