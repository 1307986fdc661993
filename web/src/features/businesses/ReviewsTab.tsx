import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { LuStar } from 'react-icons/lu';
import { useBusinessReviewsQuery, type BusinessReviewsQuery } from './business.generated';
import { relativeTime } from '../../lib/relativeTime';
import { EmptyNotice, LoadError, LoadingStatus, LoadMoreFooter } from '../../ui/LoadStates';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { UserAvatar } from '../../ui/UserAvatar';
import { ReportButton, useCanReport } from '../../ui/Report';
import { STAR_LABELS } from './links';
import { useShownItem } from '../../ui/useShownItem';

export const REVIEWS_PAGE_SIZE = 10;

type Review = NonNullable<BusinessReviewsQuery['businessReviews']>['nodes'][number];

/** A review: its author, time, stars and comment; others' reviews have a Report action. */
function ReviewItem({ review: r, shown }: { review: Review; shown: boolean }) {
  const reportable = useCanReport(r.author.id);
  const mark = useShownItem<HTMLDivElement>(shown);
  return (
    <Box ref={mark.ref} as="li" borderWidth="1px" borderRadius="md" p="3" data-testid="review" {...mark.props}>
      <HStack gap="2" mb="1">
        <UserAvatar user={r.author} size="xs" />
        <Text fontWeight="medium" fontSize="sm">
          {r.author.displayName}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {relativeTime(r.createdAt)}
        </Text>
        {reportable && (
          <Box ms="auto">
            <ReportButton kind="review" subjectId={r.id} label={`Report review by ${r.author.displayName}`} size="xs" />
          </Box>
        )}
      </HStack>
      <HStack gap="0.5" aria-label={`${r.rating} out of 5 stars: ${STAR_LABELS[r.rating - 1]}`} role="img">
        {STAR_LABELS.map((label, i) => (
          <Box key={label} color={i < r.rating ? 'orange.solid' : 'fg.subtle'} aria-hidden>
            <LuStar fill={i < r.rating ? 'currentColor' : 'none'} size="14" />
          </Box>
        ))}
      </HStack>
      {r.comment && (
        <Text fontSize="sm" mt="1" whiteSpace="pre-wrap">
          {r.comment}
        </Text>
      )}
    </Box>
  );
}

/** The Reviews tab of the detail dialog: real reviews, newest first, and Add Review for followers who do not own it. */
export function ReviewsTab({
  businessId,
  canReview,
  onAdd,
  shownReviewId,
}: {
  businessId: string;
  canReview: boolean;
  onAdd: () => void;
  shownReviewId?: string | null;
}) {
  const { data, loading, error, refetch, fetchMore } = useBusinessReviewsQuery({
    variables: { businessId, first: REVIEWS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const connection = data?.businessReviews;
  const paging = usePagedConnection({ connection, fetchMore, auto: false });

  return (
    <Stack gap="3">
      {canReview && (
        <Button alignSelf="flex-start" size="sm" colorPalette="green" onClick={onAdd}>
          Add Review
        </Button>
      )}
      {error && !connection ? (
        <LoadError title="Reviews could not be loaded." error={error} onRetry={() => refetch()} />
      ) : !connection && loading ? (
        <LoadingStatus>Loading reviews...</LoadingStatus>
      ) : paging.nodes.length === 0 ? (
        <EmptyNotice
          icon={<LuStar />}
          title="No reviews yet"
          description="Followers can share their experience here."
          testId="reviews-empty"
        />
      ) : (
        <>
          <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" data-testid="reviews-list">
            {paging.nodes.map((r) => (
              <ReviewItem key={r.id} review={r} shown={r.id === shownReviewId} />
            ))}
          </Stack>
          <LoadMoreFooter
            hasNextPage={paging.hasNextPage}
            paging={paging}
            failedText="More reviews could not be loaded."
            loadingText="Loading more reviews..."
          />
        </>
      )}
    </Stack>
  );
}
