import { AspectRatio, Badge, Card, Center, HStack, Image, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuPackage } from 'react-icons/lu';
import type { ListingCardFieldsFragment } from './marketplace.generated';
import { formatDistanceKm } from '../../lib/distance';
import { formatRand } from '../../lib/money';
import { optionLabel } from './listingText';

/** The listing's photo in a square (its thumbnail), or a quiet placeholder without one. */
export function ListingPhoto({
  listing,
  full = false,
}: {
  listing: Pick<ListingCardFieldsFragment, 'imageUrl' | 'thumbnailUrl' | 'name'>;
  full?: boolean;
}) {
  const src = full ? listing.imageUrl : (listing.thumbnailUrl ?? listing.imageUrl);
  if (full && src)
    return (
      <Image src={src} alt={listing.name} w="full" maxH="60dvh" objectFit="contain" borderRadius="md" bg="bg.muted" />
    );
  return (
    <AspectRatio ratio={1} w="full">
      {src ? (
        <Image src={src} alt="" objectFit="cover" loading="lazy" />
      ) : (
        <Center bg="bg.emphasized" color="fg.muted" fontSize="4xl" aria-hidden>
          <LuPackage />
        </Center>
      )}
    </AspectRatio>
  );
}

/** Pending or Sold, as a badge; nothing for an available item. */
export function StatusBadge({ status }: { status: string }) {
  if (status === 'available') return null;
  return (
    // Solid red for sold; orange only as a subtle badge (white on the solid orange is 3.5:1, under 4.5:1).
    <Badge
      colorPalette={status === 'sold' ? 'red' : 'orange'}
      variant={status === 'sold' ? 'solid' : 'subtle'}
      data-testid="listing-status"
    >
      {optionLabel(status)}
    </Badge>
  );
}

/**
 * A marketplace card: photo, price, name, one meta line (condition · distance · place); the whole card opens the
 * detail.
 */
export function ListingCard({ listing, onOpen }: { listing: ListingCardFieldsFragment; onOpen: () => void }) {
  const meta = [
    optionLabel(listing.condition),
    listing.distanceKm != null ? formatDistanceKm(listing.distanceKm) : null,
    listing.locationName,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card.Root
      asChild
      textAlign="start"
      overflow="hidden"
      size="sm"
      cursor="pointer"
      _hover={{ borderColor: 'border.emphasized' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'green.focusRing', outlineOffset: '2px' }}
    >
      <button type="button" data-testid="listing-card" data-listing-id={listing.id} onClick={onOpen}>
        <ListingPhoto listing={listing} />
        <Card.Body gap="1" p="3">
          <HStack justify="space-between" align="start" gap="2">
            <Text fontWeight="bold" fontSize="lg">
              {formatRand(listing.price)}
            </Text>
            <StatusBadge status={listing.status} />
          </HStack>
          <Text as="h3" fontWeight="medium" lineClamp={2}>
            {listing.name}
          </Text>
          <Text fontSize="sm" color="fg.muted" truncate>
            {meta}
          </Text>
        </Card.Body>
      </button>
    </Card.Root>
  );
}

/** A card's shape while the list loads. */
export function ListingCardSkeleton() {
  return (
    <Card.Root overflow="hidden" size="sm" aria-hidden data-testid="listing-card-skeleton">
      <AspectRatio ratio={1}>
        <Skeleton />
      </AspectRatio>
      <Stack gap="2" p="3">
        <Skeleton h="5" w="40%" />
        <Skeleton h="4" w="80%" />
        <Skeleton h="4" w="60%" />
      </Stack>
    </Card.Root>
  );
}
