import { HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import { LuUsers } from 'react-icons/lu';
import { NavLink } from 'react-router';
import { useMyGroupsQuery } from '../groups/groups.generated';
import { membersText } from '../groups';
import { PagedSection } from './PagedSection';

/** The Groups tab: the member's groups, each opening in Klets. */
export function GroupsTab() {
  const mine = useMyGroupsQuery({ variables: { first: 20 }, fetchPolicy: 'cache-and-network' });
  return (
    <PagedSection
      title="Your Groups"
      testId="profile-groups"
      connection={mine.data?.myGroups}
      loading={mine.loading}
      error={mine.error}
      refetch={mine.refetch}
      fetchMore={mine.fetchMore}
      errorTitle="Could not load your groups"
      icon={<LuUsers />}
      empty={
        <>
          You have not joined any groups yet. <NavLink to="/discover-groups">Discover groups</NavLink>
        </>
      }
      render={(g) => (
        <HStack as="li" key={g.id} justify="space-between" borderWidth="1px" borderRadius="md" p="3" gap="3">
          <ChakraLink asChild fontWeight="medium" minW="0">
            <NavLink to={`/klets?tab=mine&group=${g.id}`}>{g.name}</NavLink>
          </ChakraLink>
          <Text fontSize="sm" color="fg.muted" flexShrink={0}>
            {membersText(g.memberCount)}
          </Text>
        </HStack>
      )}
    />
  );
}
