import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  IconButton,
  Image,
  Input,
  List,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  LuChevronLeft,
  LuChevronRight,
  LuClock,
  LuImage,
  LuMessageCircle,
  LuShare2,
  LuTrash2,
  LuUsers,
} from 'react-icons/lu';
import {
  useAddRecipeCommentMutation,
  useDeleteRecipeMutation,
  useReactToRecipeMutation,
  useRecipeCommentsQuery,
  useShareRecipeMutation,
  type RecipeCard_RecipeFragment,
  type RecipeComment_CommentFragment,
} from './recipes.generated';
import { errorMessage } from '../../lib/errors';
import { relativeTime } from '../../lib/relativeTime';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ReportButton, useCanReport } from '../../ui/Report';
import { toaster } from '../../ui/toaster';
import { UserAvatar } from '../../ui/UserAvatar';
import { useShownItem } from '../../ui/useShownItem';
import { ReactionButton } from '../posts';
import { linesOf } from './recipeText';

/** The photos one at a time, keeping their aspect ratio, with previous / next and the position. */
function PhotoCarousel({ recipe }: { recipe: RecipeCard_RecipeFragment }) {
  const [index, setIndex] = useState(0);
  const photos = recipe.images;
  if (!photos.length) return null;
  const at = Math.min(index, photos.length - 1);
  const photo = photos[at];
  const step = (d: number) => setIndex((at + d + photos.length) % photos.length);
  return (
    <Box
      position="relative"
      bg="bg.muted"
      data-testid="recipe-carousel"
      aria-roledescription="carousel"
      aria-label={`Photos of ${recipe.recipeName}`}
    >
      <Image
        src={photo.url}
        alt={`${recipe.recipeName}, photo ${at + 1} of ${photos.length}`}
        w="full"
        maxH="96"
        objectFit="contain"
        loading="lazy"
      />
      {photos.length > 1 && (
        <>
          <IconButton
            aria-label="Previous photo"
            size="sm"
            variant="solid"
            borderRadius="full"
            position="absolute"
            left="2"
            top="50%"
            transform="translateY(-50%)"
            onClick={() => step(-1)}
          >
            <LuChevronLeft />
          </IconButton>
          <IconButton
            aria-label="Next photo"
            size="sm"
            variant="solid"
            borderRadius="full"
            position="absolute"
            right="2"
            top="50%"
            transform="translateY(-50%)"
            onClick={() => step(1)}
          >
            <LuChevronRight />
          </IconButton>
          <Badge position="absolute" bottom="2" right="2" variant="solid" aria-live="polite">
            {at + 1} / {photos.length}
          </Badge>
        </>
      )}
    </Box>
  );
}

/** A comment on a recipe; others' comments have a Report action (shown on hover or focus). */
function RecipeComment({ comment, shown }: { comment: RecipeComment_CommentFragment; shown: boolean }) {
  const reportable = useCanReport(comment.author.id);
  const mark = useShownItem<HTMLDivElement>(shown);
  return (
    <HStack ref={mark.ref} {...mark.props} align="flex-start" gap="1" className="group" data-testid="recipe-comment">
      <UserAvatar user={comment.author} size="xs" />
      <Box ms="1" bg="bg.subtle" borderRadius="md" px="3" py="2" minW="0">
        <Text fontSize="sm" fontWeight="semibold">
          {comment.author.displayName}
        </Text>
        <Text fontSize="sm" whiteSpace="pre-wrap">
          {comment.text}
        </Text>
      </Box>
      {reportable && (
        <ReportButton
          kind="recipeComment"
          subjectId={comment.id}
          label={`Report comment by ${comment.author.displayName}`}
          size="xs"
          reveal
        />
      )}
    </HStack>
  );
}

function Comments({ recipeId, shownCommentId }: { recipeId: string; shownCommentId?: string | null }) {
  const [text, setText] = useState('');
  const { data, loading, error, refetch } = useRecipeCommentsQuery({
    variables: { recipeId, first: 50 },
    fetchPolicy: 'cache-and-network',
  });
  const [add, { loading: sending }] = useAddRecipeCommentMutation({ refetchQueries: ['RecipeComments', 'Recipes'] });
  const send = async () => {
    if (!text.trim()) return;
    try {
      await add({ variables: { recipeId, text } });
      setText('');
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err, 'Failed to add comment.') });
    }
  };
  return (
    <Stack gap="3" data-testid="recipe-comments">
      {loading && !data ? (
        <Text fontSize="sm" color="fg.muted">
          Loading comments...
        </Text>
      ) : error && !data ? (
        <HStack>
          <Text fontSize="sm" color="fg.error">
            Could not load comments.
          </Text>
          <Button size="xs" variant="outline" onClick={() => void refetch()}>
            Retry
          </Button>
        </HStack>
      ) : (
        data?.recipeComments.nodes.map((c) => <RecipeComment key={c.id} comment={c} shown={c.id === shownCommentId} />)
      )}
      <HStack
        as="form"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <Input
          size="sm"
          placeholder="Write a comment..."
          aria-label="Write a comment"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={2000}
        />
        <Button size="sm" type="submit" colorPalette="green" disabled={!text.trim()} loading={sending}>
          Post
        </Button>
      </HStack>
    </Stack>
  );
}

/**
 * A recipe card (spec 002 section 2): the photo carousel, prep time, servings and photo count, ingredients as
 * bullets, instructions as numbered steps, the counts of likes, comments and shares, and Like/reaction, Comment
 * and Share; its author may delete it. `shownCommentId` (a link to one comment): its comments start open with that
 * comment marked and scrolled to.
 */
export function RecipeCard({
  recipe,
  shownCommentId,
}: {
  recipe: RecipeCard_RecipeFragment;
  shownCommentId?: string | null;
}) {
  const [commenting, setCommenting] = useState(!!shownCommentId);
  const reportable = useCanReport(recipe.author.id);
  const [confirming, setConfirming] = useState(false);
  const [react, { loading: reacting }] = useReactToRecipeMutation();
  const [share] = useShareRecipeMutation();
  const [remove, { loading: deleting }] = useDeleteRecipeMutation({
    refetchQueries: ['Recipes'],
    awaitRefetchQueries: true,
  });
  const ingredients = linesOf(recipe.ingredients);
  const steps = linesOf(recipe.instructions);

  const doShare = async () => {
    const link = `${window.location.origin}/recipes#${recipe.id}`;
    try {
      await navigator.clipboard?.writeText(link);
    } catch {
      // A browser that refuses the clipboard still counts the share.
    }
    try {
      await share({ variables: { id: recipe.id } });
      toaster.create({
        type: 'success',
        title: 'Link copied',
        description: 'The link to this recipe is on your clipboard.',
      });
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err, 'Failed to share recipe.') });
    }
  };

  const doDelete = async () => {
    try {
      await remove({ variables: { id: recipe.id } });
      setConfirming(false);
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err, 'Failed to delete recipe.') });
    }
  };

  return (
    <Card.Root
      as="article"
      id={recipe.id}
      data-testid="recipe-card"
      aria-labelledby={`recipe-${recipe.id}`}
      overflow="hidden"
    >
      <PhotoCarousel recipe={recipe} />
      <Card.Body gap="4" p={{ base: '4', md: '5' }}>
        <Flex justify="space-between" align="flex-start" gap="2">
          <HStack gap="2" minW="0">
            <UserAvatar user={recipe.author} />
            <Box minW="0">
              <Text fontSize="sm" fontWeight="semibold" truncate>
                {recipe.author.displayName}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {relativeTime(recipe.createdAt)}
              </Text>
            </Box>
          </HStack>
          <HStack gap="1">
            {reportable && <ReportButton kind="recipe" subjectId={recipe.id} label={`Report ${recipe.recipeName}`} />}
            {recipe.viewerCanDelete && (
              <IconButton
                aria-label={`Delete ${recipe.recipeName}`}
                variant="ghost"
                size="sm"
                colorPalette="red"
                onClick={() => setConfirming(true)}
              >
                <LuTrash2 />
              </IconButton>
            )}
          </HStack>
        </Flex>
        <Heading as="h2" size="lg" id={`recipe-${recipe.id}`}>
          {recipe.recipeName}
        </Heading>
        <HStack gap="4" wrap="wrap" color="fg.muted" fontSize="sm">
          <HStack gap="1">
            <LuClock aria-hidden /> <Text>{recipe.prepTime}</Text>
          </HStack>
          <HStack gap="1">
            <LuUsers aria-hidden /> <Text>Serves {recipe.servings}</Text>
          </HStack>
          <HStack gap="1">
            <LuImage aria-hidden /> <Text>{recipe.images.length} photo(s)</Text>
          </HStack>
        </HStack>
        <Box>
          <Heading as="h3" size="sm" mb="2">
            Ingredients
          </Heading>
          <List.Root ps="5" gap="1" data-testid="recipe-ingredients">
            {ingredients.map((line, i) => (
              <List.Item key={i}>{line}</List.Item>
            ))}
          </List.Root>
        </Box>
        <Box>
          <Heading as="h3" size="sm" mb="2">
            Instructions
          </Heading>
          <List.Root as="ol" listStyleType="decimal" ps="5" gap="1" data-testid="recipe-steps">
            {steps.map((line, i) => (
              <List.Item key={i}>{line}</List.Item>
            ))}
          </List.Root>
        </Box>
        <HStack gap="4" fontSize="sm" color="fg.muted" data-testid="recipe-counts">
          <Text>{recipe.reactionCounts.total} like(s)</Text>
          <Text>{recipe.commentCount} comment(s)</Text>
          <Text>{recipe.shareCount} share(s)</Text>
        </HStack>
        <HStack gap="1" borderTopWidth="1px" pt="2" wrap="wrap">
          <ReactionButton
            myReaction={recipe.myReaction ?? null}
            busy={reacting}
            errorText="Failed to react to recipe."
            onChoose={async (type) => {
              await react({ variables: { id: recipe.id, type } });
            }}
          />
          <Button variant="ghost" size="sm" aria-expanded={commenting} onClick={() => setCommenting((c) => !c)}>
            <LuMessageCircle aria-hidden /> Comment
          </Button>
          <Button variant="ghost" size="sm" onClick={() => void doShare()}>
            <LuShare2 aria-hidden /> Share
          </Button>
        </HStack>
        {commenting && <Comments recipeId={recipe.id} shownCommentId={shownCommentId} />}
      </Card.Body>
      {confirming && (
        <ConfirmDialog
          title="Delete recipe"
          onClose={() => setConfirming(false)}
          confirmLabel="Delete"
          loading={deleting}
          onConfirm={() => void doDelete()}
        >
          <Text>Are you sure you want to delete this recipe?</Text>
        </ConfirmDialog>
      )}
    </Card.Root>
  );
}
