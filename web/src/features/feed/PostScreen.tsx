import { Alert, Box, Button, Center, EmptyState, Heading, Link as ChakraLink, Spinner, Text } from '@chakra-ui/react';
import { CombinedGraphQLErrors } from '@apollo/client';
import { Link as RouterLink, useParams } from 'react-router';
import { LuArrowLeft, LuFileQuestion } from 'react-icons/lu';
import { useSharedPostQuery } from '../../gql/graphql';
import { errorMessage } from '../../lib/errors';
import { useDocumentTitle } from '../../shell/Screen';
import { PostCard } from '../posts/PostCard';

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

/** A post's share path, /post/{id}: the single post card. */
export default function PostScreen() {
  const { id = '' } = useParams();
  const { data, loading, error, refetch } = useSharedPostQuery({ variables: { id } });
  useDocumentTitle('Post');
  const post = data?.post ?? null;

  let body;
  if (loading && !data) {
    body = (
      <Center py="10" gap="3" role="status">
        <Spinner size="sm" color="green.solid" />
        <Text color="fg.muted">Loading post...</Text>
      </Center>
    );
  } else if (error && !data && !isNotFound(error)) {
    body = (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The post could not be loaded.</Alert.Title>
          <Alert.Description>{errorMessage(error)}</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" alignSelf="center" onClick={() => void refetch().catch(() => undefined)}>
          Retry
        </Button>
      </Alert.Root>
    );
  } else if (!post) {
    body = (
      <EmptyState.Root borderWidth="1px" borderRadius="lg" data-testid="post-not-found">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuFileQuestion />
          </EmptyState.Indicator>
          <EmptyState.Title as="h2">Post not found</EmptyState.Title>
          <EmptyState.Description>It may have been deleted, or the link is wrong.</EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  } else {
    body = <PostCard post={post} />;
  }

  return (
    <Box as="section" aria-labelledby="screen-title" maxW="2xl" mx="auto" w="full" px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }}>
      <BackToFeed />
      <Heading as="h1" id="screen-title" size="2xl" mb="4">
        Post
      </Heading>
      {body}
    </Box>
  );
}
