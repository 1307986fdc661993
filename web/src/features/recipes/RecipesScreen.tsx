import { useState } from 'react';
import { Button, Flex, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuChefHat, LuPlus } from 'react-icons/lu';
import { useRecipesQuery } from './recipes.generated';
import { EmptyNotice, LoadError, LoadMoreFooter } from '../../ui/LoadStates';
import { Screen } from '../../ui/Screen';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { RecipeCard } from './RecipeCard';
import { RecipeForm } from './RecipeForm';

export const RECIPES_PAGE = 10;

/** /recipes (spec 002 section 2): Add Recipe toggles 'Share Your Recipe'; the recipes, newest first, page by page. */
export default function RecipesScreen() {
  const [adding, setAdding] = useState(false);
  const { data, loading, error, refetch, fetchMore } = useRecipesQuery({
    variables: { first: RECIPES_PAGE },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const paging = usePagedConnection({ connection: data?.recipes, fetchMore });
  return (
    <Screen title="Recipes" description="Share and find recipes from home: bobotie, melktert, potjiekos and more.">
      <Flex justify="flex-end" mb="4">
        <Button colorPalette="green" w={{ base: 'full', md: 'auto' }} minH="11" aria-expanded={adding} onClick={() => setAdding((a) => !a)}>
          <LuPlus aria-hidden />
          Add Recipe
        </Button>
      </Flex>
      <Stack gap="6">
        {adding && <RecipeForm onDone={() => setAdding(false)} />}
        {loading && !data ? (
          <Stack gap="4" role="status" aria-label="Loading recipes..." data-testid="recipes-loading">
            {[0, 1].map((i) => (
              <Skeleton key={i} h="72" borderRadius="lg" />
            ))}
            <Text color="fg.muted" textAlign="center">Loading recipes...</Text>
          </Stack>
        ) : error && !data ? (
          <LoadError title="Could not load recipes" error={error} onRetry={() => refetch()} />
        ) : paging.nodes.length === 0 ? (
          <EmptyNotice icon={<LuChefHat />} description="No recipes yet. Be the first to share a recipe!" testId="recipes-empty" />
        ) : (
          <>
            {paging.nodes.map((r) => (
              <RecipeCard key={r.id} recipe={r} />
            ))}
            <div ref={paging.sentinelRef} />
            <LoadMoreFooter hasNextPage={paging.hasNextPage} paging={paging} failedText="Could not load more recipes." loadingText="Loading recipes..." />
          </>
        )}
      </Stack>
    </Screen>
  );
}
