import { Box, Card, Flex, Image, NativeSelect, Stack, Text, chakra } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { LuNewspaper } from 'react-icons/lu';
import { useNewsQuery, type NewsQuery } from './news.generated';
import { type NewsRegion } from '../../gql/graphql';
import { EmptyNotice, LoadError, LoadingStatus } from '../../ui/LoadStates';
import { Screen } from '../../ui/Screen';
import { newsAge } from './newsAge';
import { useNewsTarget, type NewsRegionChoice } from './useNewsLocation';

/** The spec's refresh: every 300000 ms (5 minutes). */
export const NEWS_REFRESH_MS = 300_000;

const CHOICES: { value: NewsRegionChoice; label: string }[] = [
  { value: 'local', label: 'My Location' },
  { value: 'sa', label: 'South African' },
  { value: 'international', label: 'International' },
];
const REGION: Record<NewsRegionChoice, NewsRegion> = { local: 'local', sa: 'sa', international: 'international' };

type Article = NewsQuery['news'][number];

function ArticleCard({ article }: { article: Article }) {
  return (
    <Card.Root asChild overflow="hidden" h="full" _hover={{ borderColor: 'green.solid' }}>
      <chakra.a
        href={article.link}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="news-card"
        _focusVisible={{ outline: '2px solid', outlineColor: 'green.focusRing' }}
      >
        {article.imageUrl && (
          <Image
            src={article.imageUrl}
            alt=""
            aspectRatio={16 / 9}
            objectFit="cover"
            w="full"
            loading="lazy"
            referrerPolicy="no-referrer"
          />
        )}
        <Card.Body gap="2">
          <Text fontWeight="semibold" lineClamp={3}>
            {article.title}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {article.source} · {newsAge(article.pubDate)}
          </Text>
          {article.description && (
            <Text fontSize="sm" lineClamp={3}>
              {article.description}
            </Text>
          )}
        </Card.Body>
      </chakra.a>
    </Card.Root>
  );
}

/**
 * /news: the location select (My Location, South African, International), article cards opening in a new tab, refreshed
 * every 5 minutes.
 */
export default function NewsScreen() {
  const [params, setParams] = useSearchParams();
  const choice = (CHOICES.find((c) => c.value === params.get('region'))?.value ?? 'local') as NewsRegionChoice;
  const target = useNewsTarget(choice);
  const ready = target.status === 'ready';
  const { data, loading, error, refetch } = useNewsQuery({
    variables: ready
      ? { region: REGION[target.region], latitude: target.latitude ?? null, longitude: target.longitude ?? null }
      : { region: 'sa' },
    skip: !ready,
    pollInterval: NEWS_REFRESH_MS,
    notifyOnNetworkStatusChange: false,
  });
  const articles = data?.news ?? [];

  return (
    <Screen title="News" description="News from South Africa and from where you live.">
      <Stack gap="4">
        <Flex justify="flex-end">
          <NativeSelect.Root w={{ base: 'full', sm: '60' }}>
            <NativeSelect.Field
              aria-label="Location"
              value={choice}
              onChange={(e) =>
                setParams(
                  (p) => {
                    const next = new URLSearchParams(p);
                    next.set('region', e.target.value);
                    return next;
                  },
                  { replace: true },
                )
              }
            >
              {CHOICES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Flex>
        {!ready || (loading && !data) ? (
          <LoadingStatus testId="news-loading">{ready ? 'Loading news...' : 'Finding your location...'}</LoadingStatus>
        ) : error && !data ? (
          <LoadError title="Could not load the news" error={error} onRetry={() => refetch()} testId="news-error" />
        ) : articles.length === 0 ? (
          <EmptyNotice
            icon={<LuNewspaper />}
            description="No news articles available for this location."
            testId="news-empty"
          />
        ) : (
          <Box
            as="ul"
            listStyleType="none"
            m="0"
            p="0"
            display="grid"
            gridTemplateColumns={{ base: '1fr', md: '1fr 1fr', lg: '1fr 1fr 1fr' }}
            gap="4"
            data-testid="news-list"
          >
            {articles.map((a) => (
              <li key={a.link}>
                <ArticleCard article={a} />
              </li>
            ))}
          </Box>
        )}
      </Stack>
    </Screen>
  );
}
