import { useEffect, type ReactNode } from 'react';
import { Box, Center, Flex, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';

/** Sets the document title for a screen: "Jobs · Saffa". */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Saffa` : 'Saffa';
  }, [title]);
}

interface ScreenProps {
  title: string;
  description?: ReactNode;
  /**
   * The screen's primary actions ("Event", "Add Recipe", "List Item"): on the right of the title on desktop, full
   * width under it on phones (docs UI.md "A screen").
   */
  actions?: ReactNode;
  children?: ReactNode;
}

/** A titled screen: an <h1> heading, a short description and the screen's actions, then the content. */
export function Screen({ title, description, actions, children }: ScreenProps) {
  useDocumentTitle(title);
  const heading = (
    <Stack gap="2" mb={actions ? undefined : '6'} minW="0">
      <Heading as="h1" id="screen-title" size="2xl">
        {title}
      </Heading>
      {description && <Text color="fg.muted">{description}</Text>}
    </Stack>
  );
  return (
    <Box as="section" aria-labelledby="screen-title" maxW="5xl" mx="auto" w="full" px={{ base: '4', md: '6' }} py="6">
      {actions ? (
        <Flex
          direction={{ base: 'column', md: 'row' }}
          justify="space-between"
          align={{ base: 'stretch', md: 'flex-start' }}
          gap="4"
          mb="6"
        >
          {heading}
          <HStack gap="2" flexShrink={0} flexWrap="wrap" data-testid="screen-actions">
            {actions}
          </HStack>
        </Flex>
      ) : (
        heading
      )}
      {children}
    </Box>
  );
}

/** The centred spinner shown while something loads (session, lazily loaded screens). */
export function LoadingScreen({ fullHeight = false }: { fullHeight?: boolean }) {
  return (
    <Center minH={fullHeight ? '100dvh' : '40vh'} w="full">
      <Spinner size="lg" role="status" aria-label="Loading" color="green.solid" />
    </Center>
  );
}
