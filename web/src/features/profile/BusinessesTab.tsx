import { Box, Button, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { LuStore } from 'react-icons/lu';
import { NavLink } from 'react-router';
import {
  useProfileFollowedBusinessesQuery,
  useProfileOwnBusinessesQuery,
  type ProfileBusinessFragment,
} from './profile.generated';
import { businessHref } from '../../lib/links';
import { PagedSection } from './PagedSection';

function BusinessRow({ business }: { business: ProfileBusinessFragment }) {
  return (
    <HStack as="li" gap="3" borderWidth="1px" borderRadius="md" p="3">
      {business.imageUrl ? (
        <Image src={business.imageUrl} alt="" boxSize="12" borderRadius="md" objectFit="cover" />
      ) : (
        <Box boxSize="12" borderRadius="md" bg="green.subtle" display="grid" placeItems="center" aria-hidden>
          <LuStore />
        </Box>
      )}
      <Stack gap="0" flex="1" minW="0">
        <Text fontWeight="medium" truncate>
          {business.name}
        </Text>
        <Text fontSize="sm" color="fg.muted" truncate>
          {business.category}
        </Text>
      </Stack>
      <Button asChild size="sm" variant="outline">
        <NavLink to={businessHref(business.name)} aria-label={`View ${business.name}`}>
          View
        </NavLink>
      </Button>
    </HStack>
  );
}

/** The Businesses tab: Your Business Page (the member's own pages) and the pages they follow. */
export function BusinessesTab() {
  const own = useProfileOwnBusinessesQuery({ variables: { first: 10 }, fetchPolicy: 'cache-and-network' });
  const followed = useProfileFollowedBusinessesQuery({ variables: { first: 10 }, fetchPolicy: 'cache-and-network' });
  return (
    <Stack gap="6">
      <PagedSection
        title="Your Business Page"
        testId="own-businesses"
        connection={own.data?.myBusinessPages}
        loading={own.loading}
        error={own.error}
        refetch={own.refetch}
        fetchMore={own.fetchMore}
        errorTitle="Failed to load your business pages"
        icon={<LuStore />}
        empty={
          <>
            You have no business page yet. <NavLink to="/business?tab=mine">Create Business Page</NavLink>
          </>
        }
        render={(b) => <BusinessRow key={b.id} business={b} />}
      />
      <PagedSection
        title="Followed Businesses"
        testId="followed-businesses"
        connection={followed.data?.followedBusinesses}
        loading={followed.loading}
        error={followed.error}
        refetch={followed.refetch}
        fetchMore={followed.fetchMore}
        errorTitle="Failed to load followed businesses"
        icon={<LuStore />}
        empty={
          <>
            You do not follow any businesses yet. <NavLink to="/business">Browse the directory</NavLink>
          </>
        }
        render={(b) => <BusinessRow key={b.id} business={b} />}
      />
    </Stack>
  );
}
