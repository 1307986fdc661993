import { useState, type KeyboardEvent } from 'react';
import { Box, Button, chakra, Field, HStack, IconButton, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { LuSend } from 'react-icons/lu';
import {
  PostCardCommentsDocument,
  usePostCardAddCommentMutation,
  usePostCardCommentsQuery,
  type PostCard_CommentFragment,
  type PostCardCommentsQuery,
} from './comments.generated';
import { toaster } from '../../ui/toaster';
import { relativeTime } from '../../lib/relativeTime';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { withNode } from '../../ui/connection';
import { UserAvatar } from '../../ui/UserAvatar';
import { ReportButton, useCanReport } from '../../ui/Report';
import { useShownItem } from '../../ui/useShownItem';
import { RichText } from './RichText';

const COMMENTS_PAGE_SIZE = 20;

/** A comment: its author, time and text; others' comments have a Report action (shown on hover or focus). */
function CommentItem({ comment, shown }: { comment: PostCard_CommentFragment; shown: boolean }) {
  const reportable = useCanReport(comment.author.id);
  const mark = useShownItem<HTMLDivElement>(shown);
  return (
    <HStack
      ref={mark.ref}
      {...mark.props}
      as="li"
      align="flex-start"
      gap="1"
      className="group"
      data-testid="comment"
      data-comment-id={comment.id}
    >
      <UserAvatar user={comment.author} size="xs" />
      <Box ms="1" bg="bg.muted" borderRadius="lg" px="3" py="2" minW="0" flex="1">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold" fontSize="sm">
            {comment.author.displayName}
          </Text>
          <chakra.time
            fontSize="xs"
            color="fg.muted"
            dateTime={comment.createdAt}
            title={new Date(comment.createdAt).toLocaleString()}
          >
            {relativeTime(comment.createdAt)}
          </chakra.time>
        </HStack>
        <RichText text={comment.text} fontSize="sm" />
      </Box>
      {reportable && (
        <ReportButton
          kind="comment"
          subjectId={comment.id}
          label={`Report comment by ${comment.author.displayName}`}
          size="xs"
          reveal
        />
      )}
    </HStack>
  );
}

/**
 * The comments of a post, oldest first, page by page, and the box to write one (Enter sends, Shift+Enter breaks).
 * `shownCommentId` (a /post/{id}?comment= link): that comment is marked and scrolled to.
 */
export function Comments({
  postId,
  id,
  shownCommentId,
}: {
  postId: string;
  id?: string;
  shownCommentId?: string | null;
}) {
  const variables = { postId, first: COMMENTS_PAGE_SIZE };
  const { data, loading, error, fetchMore, refetch } = usePostCardCommentsQuery({ variables });
  const [text, setText] = useState('');
  const [addComment, { loading: sending }] = usePostCardAddCommentMutation({
    update(cache, { data: added }) {
      const comment = added?.addComment;
      if (!comment) return;
      // Oldest first: the new comment goes last, once.
      cache.updateQuery<PostCardCommentsQuery>({ query: PostCardCommentsDocument, variables }, (prev) => {
        const comments = withNode(prev?.comments, comment, 'end');
        return comments && { comments };
      });
      cache.modify({
        id: cache.identify({ __typename: 'Post', id: postId }),
        fields: { commentCount: (count: number) => count + 1 },
      });
    },
  });

  // The next page comes with the button only (the cache's keyset policy appends it); a failed page says so in a toast.
  const {
    nodes: comments,
    hasNextPage,
    loadMore,
    loadingMore,
  } = usePagedConnection({
    connection: data?.comments,
    fetchMore: (options) =>
      fetchMore(options).catch(() => {
        toaster.create({ type: 'error', title: 'Error', description: 'Failed to load comments.' });
      }),
    auto: false,
  });

  const submit = async () => {
    const value = text.trim();
    if (!value || sending) return;
    try {
      await addComment({ variables: { postId, text: value } });
      setText('');
    } catch {
      toaster.create({ type: 'error', title: 'Error', description: 'Failed to add comment.' });
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <Stack id={id} gap="3" pt="3" borderTopWidth="1px" data-testid="comments">
      {loading && !data ? (
        <HStack color="fg.muted" fontSize="sm" role="status">
          <Spinner size="xs" />
          <Text>Loading comments...</Text>
        </HStack>
      ) : error && !data ? (
        <HStack fontSize="sm" role="alert">
          <Text color="fg.error">Failed to load comments.</Text>
          <Button size="xs" variant="outline" onClick={() => void refetch()}>
            Retry
          </Button>
        </HStack>
      ) : comments.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No comments yet. Be the first to comment.
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label="Comments">
          {comments.map((c) => (
            <CommentItem key={c.id} comment={c} shown={c.id === shownCommentId} />
          ))}
        </Stack>
      )}
      {hasNextPage && (
        <Button size="xs" variant="ghost" alignSelf="flex-start" loading={loadingMore} onClick={() => void loadMore()}>
          Load more comments
        </Button>
      )}
      <HStack align="flex-end" gap="2">
        <Field.Root flex="1">
          <Field.Label srOnly>Write a comment</Field.Label>
          <Textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder="Write a comment..."
            rows={1}
            autoresize
            maxH="10rem"
            size="sm"
            borderRadius="lg"
            readOnly={sending}
          />
        </Field.Root>
        <IconButton
          aria-label="Send comment"
          size="sm"
          colorPalette="green"
          disabled={!text.trim()}
          loading={sending}
          onClick={() => void submit()}
        >
          <LuSend />
        </IconButton>
      </HStack>
    </Stack>
  );
}
