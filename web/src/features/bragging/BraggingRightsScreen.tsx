import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Grid,
  Heading,
  HStack,
  LinkBox,
  LinkOverlay,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LuAward, LuPlus } from 'react-icons/lu';
import {
  useBraggingChampionshipsQuery,
  useBraggingLeaderboardQuery,
  useMyBraggingBadgesQuery,
} from './bragging.generated';
import { EmptyNotice, InlineLoadError, LoadError, LoadingStatus } from '../../ui/LoadStates';
import { Screen } from '../../ui/Screen';
import { useTabParam } from '../../ui/useTabParam';
import { isAdmin, useSession } from '../../ui/session';
import { CHAMPIONSHIPS_SHOWN } from './bragging.rules';
import { useBraggingCategories } from './useBraggingCategories';
import { CreateChampionshipDialog } from './CreateChampionshipDialog';
import { CreateEventDialog } from './CreateEventDialog';
import { EventList } from './EventList';
import { Leaderboard } from './Leaderboard';
import { ScrollingTab, ScrollingTabList } from '../../ui/ScrollingTabs';

/**
 * Bragging Rights: category tabs (in the URL; the categories the server serves), championships, events to predict, my
 * badges and the leaderboard.
 */
export default function BraggingRightsScreen() {
  const me = useSession();
  const admin = isAdmin(me);
  const { categories, error: categoriesError, refetch: refetchCategories } = useBraggingCategories();
  const tabs = ['All', ...(categories ?? [])];
  const [tab, setTab] = useTabParam(tabs, 'All', { param: 'category' });
  const category = tab === 'All' ? null : tab;
  const [dialog, setDialog] = useState<'championship' | 'event' | null>(null);
  return (
    <Screen
      title="Bragging Rights"
      description="Predict the scores of upcoming matches, earn points and climb the rankings."
      actions={
        admin &&
        categories && (
          <>
            <Button
              flex={{ base: '1', md: 'initial' }}
              minH="44px"
              colorPalette="green"
              variant="outline"
              onClick={() => setDialog('championship')}
            >
              <LuPlus /> Add Championship
            </Button>
            <Button
              flex={{ base: '1', md: 'initial' }}
              minH="44px"
              colorPalette="green"
              onClick={() => setDialog('event')}
            >
              <LuPlus /> Add Event
            </Button>
          </>
        )
      }
    >
      {!categories ? (
        categoriesError ? (
          <LoadError
            title="Could not load the categories"
            error={categoriesError}
            onRetry={() => refetchCategories()}
          />
        ) : (
          <LoadingStatus testId="bragging-categories-loading">Loading...</LoadingStatus>
        )
      ) : (
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line">
          <ScrollingTabList>
            {tabs.map((t) => (
              <ScrollingTab key={t} value={t}>
                {t}
              </ScrollingTab>
            ))}
          </ScrollingTabList>
          {tabs.map((t) => (
            <Tabs.Content key={t} value={t} p="0">
              {t === tab && (
                <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="6">
                  <Stack gap="6" minW="0">
                    <Championships category={category} />
                    <Stack gap="3">
                      <Heading as="h2" size="lg">
                        Events
                      </Heading>
                      <EventList key={tab} category={category} admin={admin} />
                    </Stack>
                  </Stack>
                  <Stack gap="6" minW="0">
                    <MyBadges />
                    <Card.Root size="sm">
                      <Card.Header>
                        <Heading as="h2" size="md">
                          {category ? `${category} Leaderboard` : 'Leaderboard'}
                        </Heading>
                      </Card.Header>
                      <Card.Body>
                        <CategoryLeaderboard category={category} />
                      </Card.Body>
                    </Card.Root>
                  </Stack>
                </Grid>
              )}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
      {dialog === 'championship' && (
        <CreateChampionshipDialog initialCategory={category ?? categories?.[0] ?? ''} onClose={() => setDialog(null)} />
      )}
      {dialog === 'event' && (
        <CreateEventDialog initialCategory={category ?? categories?.[0] ?? ''} onClose={() => setDialog(null)} />
      )}
    </Screen>
  );
}

function Championships({ category }: { category: string | null }) {
  const { data, loading, error, refetch } = useBraggingChampionshipsQuery({
    variables: { category, first: CHAMPIONSHIPS_SHOWN },
  });
  const nodes = data?.braggingChampionships.nodes ?? [];
  if (loading && !data) return <LoadingStatus>Loading championships...</LoadingStatus>;
  if (error && !data) return <LoadError title="Could not load championships" error={error} onRetry={() => refetch()} />;
  if (nodes.length === 0) return null;
  return (
    <Stack gap="3">
      <Heading as="h2" size="lg">
        Championships
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" data-testid="championships">
        {nodes.map((c) => (
          <LinkBox as="article" key={c.id}>
            <Card.Root size="sm" h="full" _hover={{ borderColor: 'border.emphasized' }}>
              <Card.Body gap="1">
                <HStack justify="space-between" gap="2">
                  <LinkOverlay asChild>
                    <RouterLink to={`/bragging-rights/championships/${c.id}`}>
                      <Text fontWeight="semibold">{c.name}</Text>
                    </RouterLink>
                  </LinkOverlay>
                  <Badge>{c.category}</Badge>
                </HStack>
                <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                  {c.description}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {c.startDate} – {c.endDate}
                </Text>
              </Card.Body>
            </Card.Root>
          </LinkBox>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function MyBadges() {
  const { data, loading, error, refetch } = useMyBraggingBadgesQuery();
  const badges = data?.myBraggingBadges ?? [];
  return (
    <Card.Root size="sm" data-testid="my-badges">
      <Card.Header>
        <Heading as="h2" size="md">
          My Badges
        </Heading>
      </Card.Header>
      <Card.Body>
        {loading && !data ? (
          <LoadingStatus>Loading badges...</LoadingStatus>
        ) : error && !data ? (
          <InlineLoadError retryLabel="Retry loading badges" onRetry={() => refetch()}>
            Could not load your badges.
          </InlineLoadError>
        ) : badges.length === 0 ? (
          <EmptyNotice icon={<LuAward />} description="Make a correct prediction to earn your first badge." />
        ) : (
          <Wrap gap="2">
            {badges.map((b) => (
              <Badge key={b.id} colorPalette="green" size="lg" data-testid="badge">
                <LuAward /> {b.label}
              </Badge>
            ))}
          </Wrap>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function CategoryLeaderboard({ category }: { category: string | null }) {
  const { data, loading, error, refetch } = useBraggingLeaderboardQuery({ variables: { category } });
  if (loading && !data) return <LoadingStatus>Loading rankings...</LoadingStatus>;
  if (error && !data) return <LoadError title="Could not load rankings" error={error} onRetry={() => refetch()} />;
  return <Leaderboard rows={data?.braggingLeaderboard ?? []} testId="leaderboard" />;
}
