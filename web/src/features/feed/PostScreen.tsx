import { Box, Heading, Link as ChakraLink } from '@chakra-ui/react';
import { CombinedGraphQLErrors } from '@apollo/client';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { LuArrowLeft, LuFileQuestion } from 'react-icons/lu';
import { useSharedPostQuery } from './feed.generated';
import { EmptyNotice, LoadError, LoadingStatus } from '../../ui/LoadStates';
import { useDocumentTitle } from '../../ui/Screen';
import { PostCard } from '../posts';

/** The server answers a malformed id with BAD_USER_INPUT: for a shared link that is simply no such post. */
function isNotFound(error: unknown): boolean {
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((e) => e.extensions?.code === 'NOT_FOUND' || e.extensions?.code === 'BAD_USER_INPUT')
  );
}

function BackToFeed() {
  return (
    <ChakraLink asChild colorPalette="green" color="colorPalette.fg" fontWeight="medium" mb="4">
      <RouterLink to="/">
        <LuArrowLeft aria-hidden />
        Back to feed
      </RouterLink>
    </ChakraLink>
  );
}

/**
 * A post's share path, /post/{id}: the single post card; /post/{id}?comment={id} opens its comments at that comment.
 */
export default function PostScreen() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const { data, loading, error, refetch } = useSharedPostQuery({ variables: { id } });
  useDocumentTitle('Post');
  const post = data?.post ?? null;

  let body;
  if (loading && !data) {
    body = <LoadingStatus>Loading post...</LoadingStatus>;
  } else if (error && !data && !isNotFound(error)) {
    body = <LoadError title="The post could not be loaded." error={error} onRetry={refetch} />;
  } else if (!post) {
    body = (
      <EmptyNotice
        icon={<LuFileQuestion />}
        title="Post not found"
        titleAs="h2"
        description="It may have been deleted, or the link is wrong."
        testId="post-not-found"
      />
    );
  } else {
    body = <PostCard post={post} shownCommentId={params.get('comment')} />;
  }

  return (
    <Box
      as="section"
      aria-labelledby="screen-title"
      maxW="2xl"
      mx="auto"
      w="full"
      px={{ base: '3', md: '6' }}
      py={{ base: '4', md: '6' }}
    >
      <BackToFeed />
      <Heading as="h1" id="screen-title" size="2xl" mb="4">
        Post
      </Heading>
      {body}
    </Box>
  );
}
