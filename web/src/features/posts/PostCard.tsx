import { lazy, Suspense, useId, useState } from 'react';
import { Badge, Box, Button, Center, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { LuExternalLink, LuFileText, LuMapPin, LuMessageCircle, LuShare2 } from 'react-icons/lu';
import type { PostCard_PostFragment } from './post.generated';
import { relativeTime } from '../../lib/relativeTime';
import { UserAvatar } from '../../ui/UserAvatar';
import { CheckinMap } from './CheckinMap';
import { Comments } from './Comments';
import { ImageGrid } from './ImageGrid';
import { LinkPreview } from './LinkPreview';
import { PostMenu } from './PostMenu';
import { ReactionPicker } from './ReactionPicker';
import { RichText } from './RichText';
import { hasCoordinates, linkPreviewFor, postImages } from './postContent';
import { topReactions } from './reactions';

const ShareDialog = lazy(() => import('./ShareDialog').then((m) => ({ default: m.ShareDialog })));

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function DocumentRow({ url, name, type }: { url: string; name: string | null; type: string | null }) {
  const label = name || 'Document';
  return (
    <HStack borderWidth="1px" borderRadius="md" p="3" gap="3" bg="bg.subtle" data-testid="post-document">
      <Center boxSize="10" borderRadius="md" bg="blue.subtle" color="blue.fg" flexShrink={0}>
        <LuFileText aria-hidden />
      </Center>
      <Box flex="1" minW="0">
        <Text fontWeight="medium" truncate title={label}>
          {label}
        </Text>
        {type && (
          <Badge size="sm" variant="subtle" textTransform="uppercase">
            {type}
          </Badge>
        )}
      </Box>
      <Button asChild size="sm" variant="outline" flexShrink={0}>
        <a href={url} target="_blank" rel="noopener noreferrer" aria-label={`Open ${label}`}>
          <LuExternalLink aria-hidden />
          Open
        </a>
      </Button>
    </HStack>
  );
}

function ReactionSummary({ counts }: { counts: PostCard_PostFragment['reactionCounts'] }) {
  const top = topReactions(counts);
  return (
    <HStack gap="1" data-testid="reaction-summary" aria-label={plural(counts.total, 'reaction')} role="group">
      {top.length > 0 && (
        <Text as="span" aria-hidden letterSpacing="-0.15em" title={top.map((r) => `${r.label} ${r.count}`).join(', ')}>
          {top.map((r) => r.emoji).join('')}
        </Text>
      )}
      <Text as="span" aria-hidden>
        {plural(counts.total, 'reaction')}
      </Text>
    </HStack>
  );
}

/**
 * One post (spec 000 section 2 "Post card"): header, body, counts, reactions, comments, share and the post menu.
 * `shownCommentId` (a /post/{id}?comment= link): its comments start open with that comment marked.
 */
export function PostCard({
  post,
  viewable = false,
  shownCommentId,
}: {
  post: PostCard_PostFragment;
  viewable?: boolean;
  shownCommentId?: string | null;
}) {
  const [commentsOpen, setCommentsOpen] = useState(!!shownCommentId);
  const [shareOpen, setShareOpen] = useState(false);
  // The share dialog loads the first time it opens, then stays for its closing.
  const [shareUsed, setShareUsed] = useState(false);
  if (shareOpen && !shareUsed) setShareUsed(true);
  const commentsId = useId();
  const images = postImages(post);
  const preview = linkPreviewFor(post);

  return (
    <Box
      as="article"
      data-testid="post-card"
      data-post-id={post.id}
      aria-label={`Post by ${post.author.displayName}`}
      borderWidth="1px"
      borderRadius="xl"
      bg="bg.panel"
      shadow="xs"
      p={{ base: '3', md: '4' }}
    >
      <Stack gap="3">
        {/* Header */}
        <HStack align="flex-start" gap="3">
          <UserAvatar user={post.author} size="md" />
          <Box flex="1" minW="0">
            <Text fontWeight="semibold" truncate data-testid="post-author">
              {post.author.displayName}
            </Text>
            <Flex wrap="wrap" fontSize="sm" color="fg.muted" columnGap="2">
              <time dateTime={post.createdAt} title={new Date(post.createdAt).toLocaleString()} data-testid="post-time">
                {relativeTime(post.createdAt)}
              </time>
              {post.location && (
                <HStack as="span" gap="1" data-testid="post-location" minW="0">
                  <LuMapPin aria-label="Location" />
                  <Text as="span" truncate>
                    {post.location}
                  </Text>
                </HStack>
              )}
            </Flex>
          </Box>
          <PostMenu post={post} viewable={viewable} />
        </HStack>

        {/* Body */}
        {post.content && <RichText text={post.content} data-testid="post-content" />}
        {images.length > 0 && <ImageGrid images={images} authorName={post.author.displayName} />}
        {post.videoUrl && (
          <Box borderRadius="md" overflow="hidden" bg="black">
            <video
              src={post.videoUrl}
              controls
              preload="metadata"
              playsInline
              data-testid="post-video"
              aria-label={`Video from ${post.author.displayName}`}
              style={{ width: '100%', maxHeight: '32rem', display: 'block' }}
            />
          </Box>
        )}
        {post.documentUrl && <DocumentRow url={post.documentUrl} name={post.documentName} type={post.documentType} />}
        {preview && <LinkPreview preview={preview} />}
        {hasCoordinates(post) && <CheckinMap post={post} />}

        {/* Counts */}
        <HStack justify="space-between" fontSize="sm" color="fg.muted" gap="3">
          <ReactionSummary counts={post.reactionCounts} />
          <HStack gap="3">
            <Text data-testid="comment-count">{plural(post.commentCount, 'comment')}</Text>
            <Text data-testid="share-count">{plural(post.shareCount, 'share')}</Text>
          </HStack>
        </HStack>

        {/* Actions */}
        <HStack borderTopWidth="1px" pt="2" gap="1" justify="space-between" wrap="wrap">
          <ReactionPicker post={post} />
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={commentsOpen}
            aria-controls={commentsOpen ? commentsId : undefined}
            onClick={() => setCommentsOpen((o) => !o)}
          >
            <LuMessageCircle aria-hidden />
            Comments ({post.commentCount})
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setShareOpen(true)}>
            <LuShare2 aria-hidden />
            Share
          </Button>
        </HStack>

        {commentsOpen && <Comments postId={post.id} id={commentsId} shownCommentId={shownCommentId} />}
      </Stack>
      {shareUsed && (
        <Suspense fallback={null}>
          <ShareDialog post={post} open={shareOpen} onOpenChange={setShareOpen} />
        </Suspense>
      )}
    </Box>
  );
}
