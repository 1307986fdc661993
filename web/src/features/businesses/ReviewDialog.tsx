import { useState } from 'react';
import { Button, Field, HStack, IconButton, Stack, Text, Textarea } from '@chakra-ui/react';
import { LuStar } from 'react-icons/lu';
import { useReviewBusinessMutation } from './business.generated';
import { errorMessage } from '../../lib/errors';
import { DialogFrame } from '../../ui/DialogFrame';
import { toaster } from '../../ui/toaster';
import { STAR_LABELS } from './links';

/** Write a Review (spec 001 sections 2.2 and 4): stars from 0 with their labels, an optional comment. */
export function ReviewDialog({
  business,
  initial,
  onClose,
}: {
  business: { id: string; name: string };
  initial?: { rating: number; comment: string | null } | null;
  onClose: () => void;
}) {
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [comment, setComment] = useState(initial?.comment ?? '');
  const [review, { loading }] = useReviewBusinessMutation();

  const onSubmit = async () => {
    if (rating < 1) {
      toaster.create({
        type: 'error',
        title: 'Rating Required',
        description: 'Please select a star rating before submitting.',
      });
      return;
    }
    try {
      await review({
        variables: { businessId: business.id, rating, comment: comment.trim() || null },
        refetchQueries: ['BusinessReviews', 'BusinessByName', 'BusinessDirectory'],
      });
      toaster.create({ type: 'success', title: 'Review Submitted', description: 'Thank you for your feedback!' });
      onClose();
    } catch (err) {
      toaster.create({
        type: 'error',
        title: 'Error',
        description: errorMessage(err, '') || 'Failed to submit review',
      });
    }
  };

  return (
    <DialogFrame
      title="Write a Review"
      testId="review-dialog"
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette="green" loading={loading} loadingText="Submitting..." onClick={() => void onSubmit()}>
            Submit Review
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text color="fg.muted">How was your experience with {business.name}?</Text>
        <Stack gap="1">
          <HStack gap="1" role="radiogroup" aria-label="Star rating">
            {STAR_LABELS.map((label, i) => {
              const value = i + 1;
              return (
                <IconButton
                  key={label}
                  role="radio"
                  aria-checked={rating === value}
                  aria-label={`${value} star${value === 1 ? '' : 's'}: ${label}`}
                  variant="ghost"
                  size="lg"
                  color={value <= rating ? 'orange.solid' : 'fg.subtle'}
                  onClick={() => setRating(value)}
                >
                  <LuStar fill={value <= rating ? 'currentColor' : 'none'} />
                </IconButton>
              );
            })}
          </HStack>
          <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="rating-label">
            {rating ? STAR_LABELS[rating - 1] : 'Select a rating'}
          </Text>
        </Stack>
        <Field.Root>
          <Field.Label>Comment (optional)</Field.Label>
          <Textarea
            value={comment}
            rows={4}
            onChange={(e) => setComment(e.currentTarget.value)}
            placeholder="Share your experience..."
          />
        </Field.Root>
      </Stack>
    </DialogFrame>
  );
}
