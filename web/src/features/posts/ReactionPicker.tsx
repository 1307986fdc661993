import { useEffect, useRef, useState } from 'react';
import { Box, Button, HStack, IconButton, Popover, Portal } from '@chakra-ui/react';
import { LuThumbsUp } from 'react-icons/lu';
import { type PostCard_PostFragment } from './post.generated';
import { usePostCardReactMutation } from './reactions.generated';
import { type ReactionType } from '../../gql/graphql';
import { toaster } from '../../ui/toaster';
import { errorMessage } from '../../lib/errors';
import { matchesMedia } from '../../lib/useMediaQuery';
import { REACTION_ANIMATION_MS, REACTIONS, reactionKind } from './reactions';

/** The chosen emoji rises and fades for about a second (spec 000 section 4). */
function FloatingEmoji({ emoji, onDone }: { emoji: string; onDone: () => void }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && typeof el.animate === 'function' && !matchesMedia('(prefers-reduced-motion: reduce)')) {
      el.animate(
        [
          { transform: 'translate(-50%, 0) scale(1)', opacity: 1 },
          { transform: 'translate(-50%, -48px) scale(1.6)', opacity: 0 },
        ],
        { duration: REACTION_ANIMATION_MS, easing: 'ease-out', fill: 'forwards' },
      );
    }
    const timer = window.setTimeout(onDone, REACTION_ANIMATION_MS);
    return () => window.clearTimeout(timer);
  }, [onDone]);
  return (
    <Box
      as="span"
      ref={ref}
      aria-hidden
      data-testid="reaction-float"
      position="absolute"
      left="50%"
      bottom="100%"
      transform="translate(-50%, 0)"
      fontSize="2xl"
      pointerEvents="none"
      zIndex="1"
    >
      {emoji}
    </Box>
  );
}

/**
 * The reaction button and its picker of five. The server toggles: the same reaction again removes it, another
 * replaces it. The returned post updates the card through the normalized cache.
 */
export function ReactionPicker({ post }: { post: Pick<PostCard_PostFragment, 'id' | 'myReaction'> }) {
  const [react, { loading }] = usePostCardReactMutation();
  return (
    <ReactionButton
      myReaction={post.myReaction ?? null}
      busy={loading}
      onChoose={async (type) => {
        await react({ variables: { postId: post.id, type } });
      }}
      errorText="Failed to react to post."
    />
  );
}

/**
 * The reaction button and its picker of five, for anything members react to (posts, recipes): the picker closes
 * after a choice, a newly chosen reaction floats up for about a second, and `onChoose` sends it (the server
 * toggles). A failure shows an Error toast with the server's message or `errorText`.
 */
export function ReactionButton({
  myReaction,
  busy,
  onChoose,
  errorText,
}: {
  myReaction: ReactionType | null;
  busy: boolean;
  onChoose: (type: ReactionType) => Promise<void>;
  errorText: string;
}) {
  const [open, setOpen] = useState(false);
  const [floating, setFloating] = useState<{ key: number; emoji: string } | null>(null);
  const current = reactionKind(myReaction);

  const choose = async (type: ReactionType) => {
    setOpen(false);
    const kind = reactionKind(type);
    // Choosing the current reaction removes it; any other sets one, which floats up.
    if (kind && type !== myReaction) setFloating({ key: Date.now(), emoji: kind.emoji });
    try {
      await onChoose(type);
    } catch (err) {
      setFloating(null);
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err, errorText) });
    }
  };

  return (
    <Box position="relative">
      {floating && <FloatingEmoji key={floating.key} emoji={floating.emoji} onDone={() => setFloating(null)} />}
      <Popover.Root
        open={open}
        onOpenChange={(e) => setOpen(e.open)}
        positioning={{ placement: 'top-start' }}
        lazyMount
        unmountOnExit
      >
        <Popover.Trigger asChild>
          <Button
            variant="ghost"
            size="sm"
            data-testid="reaction-button"
            data-reaction={myReaction ?? ''}
            color={current ? 'green.fg' : undefined}
            fontWeight={current ? 'semibold' : undefined}
            disabled={busy}
          >
            {current ? (
              <Box as="span" aria-hidden fontSize="md">
                {current.emoji}
              </Box>
            ) : (
              <LuThumbsUp aria-hidden />
            )}
            {current ? current.label : 'Like'}
          </Button>
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content w="auto" borderRadius="full" data-testid="reaction-picker" aria-label="Reactions">
              <Popover.Body p="1">
                <HStack gap="0.5">
                  {REACTIONS.map((r) => (
                    <IconButton
                      key={r.type}
                      aria-label={r.label}
                      title={r.label}
                      aria-pressed={myReaction === r.type}
                      variant={myReaction === r.type ? 'subtle' : 'ghost'}
                      colorPalette="green"
                      borderRadius="full"
                      size="md"
                      fontSize="2xl"
                      transition="transform 0.15s"
                      _hover={{ transform: 'scale(1.25)' }}
                      onClick={() => void choose(r.type)}
                    >
                      <span aria-hidden>{r.emoji}</span>
                    </IconButton>
                  ))}
                </HStack>
              </Popover.Body>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
    </Box>
  );
}
