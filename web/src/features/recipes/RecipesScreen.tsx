import { useState } from 'react';
import { Box, Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { LuChefHat, LuPlus } from 'react-icons/lu';
import { useRecipeQuery, useRecipesQuery } from './recipes.generated';
import { EmptyNotice, LoadError, LoadMoreFooter } from '../../ui/LoadStates';
import { Screen } from '../../ui/Screen';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { useShownItem } from '../../ui/useShownItem';
import { RecipeCard } from './RecipeCard';
import { RecipeForm } from './RecipeForm';

export const RECIPES_PAGE = 10;

/**
 * The recipe a link names (`?id=`, and `&comment=` for one of its comments: a shared link, the moderation queue's
 * "View where it is shown"), above the list, marked and scrolled to.
 */
function ShownRecipe({ id, commentId }: { id: string; commentId: string | null }) {
  const { data, loading, error, refetch } = useRecipeQuery({ variables: { id }, fetchPolicy: 'cache-and-network' });
  const mark = useShownItem<HTMLDivElement>(!!data?.recipe);
  if (loading && !data) return <Skeleton h="72" borderRadius="lg" role="status" aria-label="Loading the recipe..." />;
  if (error && !data) return <LoadError title="Could not load the recipe" error={error} onRetry={() => refetch()} />;
  if (!data?.recipe)
    return (
      <Text color="fg.muted" data-testid="recipe-gone">
        This recipe is no longer available.
      </Text>
    );
  return (
    <Box ref={mark.ref} {...mark.props} data-testid="recipe-shown">
      <RecipeCard recipe={data.recipe} shownCommentId={commentId} />
    </Box>
  );
}

/** /recipes (spec 002 section 2): Add Recipe toggles 'Share Your Recipe'; the recipes, newest first, page by page. */
export default function RecipesScreen() {
  const [adding, setAdding] = useState(false);
  const [params] = useSearchParams();
  const shownId = params.get('id');
  const { data, loading, error, refetch, fetchMore } = useRecipesQuery({
    variables: { first: RECIPES_PAGE },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const paging = usePagedConnection({ connection: data?.recipes, fetchMore });
  return (
    <Screen
      title="Recipes"
      description="Share and find recipes from home: bobotie, melktert, potjiekos and more."
      actions={
        <Button
          colorPalette="green"
          w={{ base: 'full', md: 'auto' }}
          minH="11"
          aria-expanded={adding}
          onClick={() => setAdding((a) => !a)}
        >
          <LuPlus aria-hidden />
          Add Recipe
        </Button>
      }
    >
      <Stack gap="6">
        {adding && <RecipeForm onDone={() => setAdding(false)} />}
        {shownId && <ShownRecipe key={shownId} id={shownId} commentId={params.get('comment')} />}
        {loading && !data ? (
          <Stack gap="4" role="status" aria-label="Loading recipes..." data-testid="recipes-loading">
            {[0, 1].map((i) => (
              <Skeleton key={i} h="72" borderRadius="lg" />
            ))}
            <Text color="fg.muted" textAlign="center">
              Loading recipes...
            </Text>
          </Stack>
        ) : error && !data ? (
          <LoadError title="Could not load recipes" error={error} onRetry={() => refetch()} />
        ) : paging.nodes.length === 0 ? (
          <EmptyNotice
            icon={<LuChefHat />}
            description="No recipes yet. Be the first to share a recipe!"
            testId="recipes-empty"
          />
        ) : (
          <>
            {paging.nodes
              .filter((r) => r.id !== shownId)
              .map((r) => (
                <RecipeCard key={r.id} recipe={r} />
              ))}
            <div ref={paging.sentinelRef} />
            <LoadMoreFooter
              hasNextPage={paging.hasNextPage}
              paging={paging}
              failedText="Could not load more recipes."
              loadingText="Loading recipes..."
            />
          </>
        )}
      </Stack>
    </Screen>
  );
}
