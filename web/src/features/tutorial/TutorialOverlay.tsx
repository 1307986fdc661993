import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Button, Heading, HStack, IconButton, Portal, Progress, Stack, Text } from '@chakra-ui/react';
import { useLocation } from 'react-router';
import { LuX } from 'react-icons/lu';
import { useIsMobile } from '../../lib/useMediaQuery';
import { findTarget, placeCard, scrollToFit, type Box as Rect } from './placement';
import { stepForViewport } from './steps';
import { useTutorial } from './tutorialContext';
import { TARGET_LOOKUP_DELAY_MS } from './tutorialState';

/** Above the top bar, dialogs and popovers; below toasts. */
const Z_INDEX = 1600;

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

function toRect(element: HTMLElement): Rect {
  const r = element.getBoundingClientRect();
  return { top: r.top, left: r.left, width: r.width, height: r.height };
}

function viewportSize() {
  return { width: window.innerWidth, height: window.innerHeight };
}

/**
 * The tutorial overlay: a dimmed backdrop, a highlight box around the step's target (looked up 100 ms after the
 * step shows) and the step card. The card is a modal dialog: focus stays inside and Escape closes (skips).
 */
export function TutorialOverlay() {
  const tutorial = useTutorial();
  const { currentStep, totalSteps, next, back, skip, complete } = tutorial;
  const mobile = useIsMobile();
  // On a phone the steps speak of the menu button and the bottom bar instead of the sidebar and Ctrl+B.
  const step = stepForViewport(tutorial.step, mobile);
  const { pathname } = useLocation();
  const cardRef = useRef<HTMLDivElement>(null);
  const primaryRef = useRef<HTMLButtonElement>(null);
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [lookedUp, setLookedUp] = useState(false);
  const [rect, setRect] = useState<Rect | null>(null);
  const [viewport, setViewport] = useState(viewportSize);
  const [cardHeight, setCardHeight] = useState(0);
  const isFirst = currentStep === 0;
  const isLast = currentStep === totalSteps - 1;

  // Find the target a moment after the step shows (and after its navigation), so the screen has rendered, and
  // scroll it into view when it shows too little of itself or would fit beside the card only once scrolled up. The
  // card stays where it was meanwhile (hidden only before the first lookup) so focus and position do not jump.
  const { position, target: selectors } = step;
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const element = position === 'center' ? null : findTarget(selectors);
      if (element) {
        const delta = scrollToFit({
          target: toRect(element),
          position,
          viewport: viewportSize(),
          cardHeight: cardRef.current?.offsetHeight ?? 0,
        });
        if (delta !== 0) window.scrollBy({ top: delta, behavior: 'instant' });
      }
      setTarget(element);
      setLookedUp(true);
    }, TARGET_LOOKUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [position, selectors, pathname]);

  // Follow the target and the card as the window scrolls or resizes.
  useLayoutEffect(() => {
    const update = () => {
      setViewport(viewportSize());
      setRect(target && target.isConnected ? toRect(target) : null);
      setCardHeight(cardRef.current?.offsetHeight ?? 0);
    };
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    const observer = new ResizeObserver(update);
    if (target) observer.observe(target);
    if (cardRef.current) observer.observe(cardRef.current);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
      observer.disconnect();
    };
  }, [target, currentStep, lookedUp]);

  // Focus moves into the card on every step and goes back where it was when the tutorial ends.
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    return () => previous?.focus?.();
  }, []);
  useEffect(() => {
    if (lookedUp) (primaryRef.current ?? cardRef.current)?.focus();
  }, [lookedUp, currentStep]);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        skip();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [skip]);

  const trapFocus = useCallback((event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !cardRef.current) return;
    const items = Array.from(cardRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !cardRef.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !cardRef.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }, []);

  const placement = placeCard({
    target: lookedUp ? rect : null,
    position: step.position,
    viewport,
    cardHeight,
  });
  const highlight = lookedUp && !placement.centered ? placement.highlight : null;
  const progress = ((currentStep + 1) / totalSteps) * 100;
  const titleId = `tutorial-title-${step.id}`;
  const descriptionId = `tutorial-description-${step.id}`;

  return (
    <Portal>
      <Box data-testid="tutorial-overlay" data-step={currentStep}>
        <Box
          data-testid="tutorial-backdrop"
          position="fixed"
          inset="0"
          zIndex={Z_INDEX}
          bg={highlight ? 'transparent' : 'blackAlpha.600'}
        />
        {highlight && (
          <Box
            data-testid="tutorial-highlight"
            position="fixed"
            zIndex={Z_INDEX}
            pointerEvents="none"
            top={`${highlight.top}px`}
            left={`${highlight.left}px`}
            w={`${highlight.width}px`}
            h={`${highlight.height}px`}
            borderRadius="lg"
            borderWidth="2px"
            borderColor="green.solid"
            boxShadow="0 0 0 9999px rgba(0, 0, 0, 0.6)"
            transition="all 0.2s ease"
          />
        )}
        <Box
          ref={cardRef}
          role="dialog"
          aria-modal="true"
          aria-label="Tutorial"
          aria-describedby={descriptionId}
          tabIndex={-1}
          onKeyDown={trapFocus}
          data-testid="tutorial-card"
          data-placement={placement.centered ? 'center' : placement.side}
          position="fixed"
          zIndex={Z_INDEX + 1}
          w={`${placement.width}px`}
          {...(placement.centered
            ? { top: '50%', left: '50%', transform: 'translate(-50%, -50%)' }
            : { top: `${placement.top}px`, left: `${placement.left}px` })}
          visibility={lookedUp ? 'visible' : 'hidden'}
          bg="bg.panel"
          borderRadius="xl"
          boxShadow="2xl"
          borderWidth="1px"
          p="5"
          outline="none"
        >
          <Stack gap="3">
            <HStack justify="space-between" align="center">
              <Text fontSize="xs" fontWeight="medium" color="fg.muted">
                Step {currentStep + 1} of {totalSteps}
              </Text>
              <IconButton aria-label="Close tutorial" variant="ghost" size="xs" onClick={skip}>
                <LuX />
              </IconButton>
            </HStack>
            <Heading as="h2" id={titleId} size="md">
              {step.title}
            </Heading>
            <Text id={descriptionId} fontSize="sm" color="fg.muted">
              {step.description}
            </Text>
            {step.action && (
              <Text fontSize="sm" fontWeight="medium" color="green.fg">
                {step.action}
              </Text>
            )}
            <Progress.Root value={progress} max={100} size="xs" colorPalette="green">
              <Progress.Track aria-label="Tutorial progress">
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <HStack justify="space-between" pt="1" gap="2" wrap="wrap">
              <Button size="sm" variant="outline" onClick={back} disabled={isFirst}>
                Back
              </Button>
              <HStack gap="2">
                {!isLast && (
                  <Button size="sm" variant="ghost" onClick={skip}>
                    Skip Tutorial
                  </Button>
                )}
                <Button ref={primaryRef} size="sm" colorPalette="green" onClick={isLast ? complete : next}>
                  {isLast ? 'Finish' : 'Next'}
                </Button>
              </HStack>
            </HStack>
          </Stack>
        </Box>
      </Box>
    </Portal>
  );
}
