import type { ReactNode } from 'react';
import { AspectRatio, Box, Button, Card, Center, HStack, Image, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuGlobe, LuMapPin, LuPhone, LuStore } from 'react-icons/lu';
import type { BusinessCardFieldsFragment } from './business.generated';
import { formatDistanceKm } from '../../lib/distance';
import { StarRating } from './StarRating';
import { useFollow } from './useFollow';

type BusinessCardData = BusinessCardFieldsFragment & { distanceKm?: number | null };

/** The page's cover (or logo) in 16:9, or its initial on a quiet background. */
function BusinessImage({ business }: { business: Pick<BusinessCardData, 'coverPhotoUrl' | 'imageUrl' | 'name'> }) {
  const src = business.coverPhotoUrl ?? business.imageUrl;
  return (
    <AspectRatio ratio={16 / 9} w="full">
      {src ? (
        <Image src={src} alt="" objectFit="cover" loading="lazy" />
      ) : (
        <Center bg="bg.emphasized" color="fg.muted" fontSize="3xl" fontWeight="bold" aria-hidden>
          {business.name.slice(0, 1).toUpperCase()}
        </Center>
      )}
    </AspectRatio>
  );
}

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <HStack gap="2" fontSize="sm" color="fg.muted" minW="0">
      <Box flexShrink={0} aria-hidden>
        {icon}
      </Box>
      <Box minW="0" truncate>
        {children}
      </Box>
    </HStack>
  );
}

/** A directory or My Business Pages card: image, name, category, rating, address, distance, phone, website, actions. */
export function BusinessCard({
  business,
  onView,
  actions,
}: {
  business: BusinessCardData;
  onView: () => void;
  actions?: ReactNode;
}) {
  const { toggle, busy } = useFollow(business);
  return (
    <Card.Root overflow="hidden" data-testid="business-card" data-business-id={business.id} size="sm">
      <BusinessImage business={business} />
      <Card.Body gap="2">
        <Stack gap="0">
          <Text as="h3" fontWeight="semibold" fontSize="lg" lineClamp={2}>
            {business.name}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {business.category}
            {business.distanceKm != null && ` · ${formatDistanceKm(business.distanceKm)}`}
          </Text>
        </Stack>
        <StarRating rating={business.rating} reviewCount={business.reviewCount} />
        {business.address && <Line icon={<LuMapPin />}>{business.address}</Line>}
        {business.phone && (
          <Line icon={<LuPhone />}>
            <Link href={`tel:${business.phone.replace(/[^\d+]/g, '')}`}>{business.phone}</Link>
          </Line>
        )}
        {business.website && (
          <Line icon={<LuGlobe />}>
            <Link href={business.website} target="_blank" rel="noopener noreferrer">
              {business.website.replace(/^https?:\/\//, '')}
            </Link>
          </Line>
        )}
        {!business.address && !business.phone && !business.website && (
          <Line icon={<LuStore />}>{business.followerCount} followers</Line>
        )}
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap">
        <Button
          size="sm"
          variant="outline"
          onClick={onView}
          flex="1"
          minH="11"
          aria-label={`View details of ${business.name}`}
        >
          View Details
        </Button>
        {actions ?? (
          <Button
            size="sm"
            flex="1"
            minH="11"
            variant={business.viewerFollows ? 'subtle' : 'solid'}
            colorPalette="green"
            loading={busy}
            aria-pressed={business.viewerFollows}
            aria-label={`${business.viewerFollows ? 'Following' : 'Follow'} ${business.name}`}
            onClick={() => void toggle()}
          >
            {business.viewerFollows ? 'Following' : 'Follow'}
          </Button>
        )}
      </Card.Footer>
    </Card.Root>
  );
}

/** A card's shape while the list loads. */
export function BusinessCardSkeleton() {
  return (
    <Card.Root overflow="hidden" size="sm" aria-hidden data-testid="business-card-skeleton">
      <AspectRatio ratio={16 / 9}>
        <Skeleton />
      </AspectRatio>
      <Card.Body gap="2">
        <Skeleton h="5" w="70%" />
        <Skeleton h="4" w="40%" />
        <Skeleton h="4" w="85%" />
      </Card.Body>
    </Card.Root>
  );
}
