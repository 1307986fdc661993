import { HStack, Icon, Text } from '@chakra-ui/react';
import { LuStar } from 'react-icons/lu';

/** A page's rating as stars and numbers: "4.5 (12 reviews)"; "No reviews yet" without any. */
export function StarRating({
  rating,
  reviewCount,
  size = 'sm',
}: {
  rating: number | null | undefined;
  reviewCount: number;
  size?: 'sm' | 'md';
}) {
  if (!reviewCount || rating == null) {
    return (
      <Text fontSize={size} color="fg.muted">
        No reviews yet
      </Text>
    );
  }
  const label = `Rated ${rating.toFixed(1)} out of 5 from ${reviewCount} review${reviewCount === 1 ? '' : 's'}`;
  return (
    <HStack gap="1" aria-label={label} role="img">
      <Icon color="orange.solid" boxSize={size === 'sm' ? '4' : '5'} aria-hidden>
        <LuStar fill="currentColor" />
      </Icon>
      <Text fontSize={size} fontWeight="semibold" aria-hidden>
        {rating.toFixed(1)}
      </Text>
      <Text fontSize={size} color="fg.muted" aria-hidden>
        ({reviewCount} review{reviewCount === 1 ? '' : 's'})
      </Text>
    </HStack>
  );
}
