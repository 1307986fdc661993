import { Badge, Button, Card, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router';
import { LuArrowLeft, LuTrophy } from 'react-icons/lu';
import { useBraggingChampionshipPageQuery } from './bragging.generated';
import { EmptyNotice, LoadError, LoadingStatus } from '../../ui/LoadStates';
import { Screen } from '../../ui/Screen';
import { isAdmin, useSession } from '../../ui/session';
import { EventList } from './EventList';
import { Leaderboard } from './Leaderboard';

/** A championship: a back button, its events and its top-10 standings; 'Championship not found' for an unknown id. */
export default function ChampionshipScreen() {
  const { id = '' } = useParams();
  const admin = isAdmin(useSession());
  const { data, loading, error, refetch } = useBraggingChampionshipPageQuery({ variables: { id } });
  const c = data?.braggingChampionship;
  const back = (
    <Button asChild variant="ghost" size="sm" mb="2" minH="44px">
      <RouterLink to="/bragging-rights">
        <LuArrowLeft /> Back to Bragging Rights
      </RouterLink>
    </Button>
  );
  if (loading && !data) {
    return (
      <Screen title="Championship">
        {back}
        <LoadingStatus>Loading championship...</LoadingStatus>
      </Screen>
    );
  }
  if (error && !data) {
    return (
      <Screen title="Championship">
        {back}
        <LoadError title="Could not load the championship" error={error} onRetry={() => refetch()} />
      </Screen>
    );
  }
  if (!c) {
    return (
      <Screen title="Championship">
        {back}
        <EmptyNotice
          icon={<LuTrophy />}
          title="Championship not found"
          titleAs="h2"
          description="It may have been removed, or the link is wrong."
          testId="championship-not-found"
        />
      </Screen>
    );
  }
  return (
    <Screen title={c.name} description={c.description}>
      {back}
      <HStack gap="2" mb="4" wrap="wrap">
        <Badge>{c.category}</Badge>
        <Text fontSize="sm" color="fg.muted">
          {c.startDate} – {c.endDate}
        </Text>
      </HStack>
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="6">
        <Stack gap="3" minW="0">
          <Heading as="h2" size="lg">
            Events
          </Heading>
          <EventList category={null} championshipId={c.id} admin={admin} />
        </Stack>
        <Card.Root size="sm" alignSelf="start">
          <Card.Header>
            <Heading as="h2" size="md">
              Top 10
            </Heading>
          </Card.Header>
          <Card.Body>
            <Leaderboard rows={c.leaderboard} testId="championship-leaderboard" />
          </Card.Body>
        </Card.Root>
      </Grid>
    </Screen>
  );
}
