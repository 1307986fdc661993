import { useEffect, type ReactNode } from 'react';
import { Box, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';

/** Sets the document title for a screen: "Jobs · Saffa". */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Saffa` : 'Saffa';
  }, [title]);
}

export interface ScreenProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}

/** A titled screen: an <h1> heading, a short description, then the content. */
export function Screen({ title, description, children }: ScreenProps) {
  useDocumentTitle(title);
  return (
    <Box as="section" aria-labelledby="screen-title" maxW="5xl" mx="auto" w="full" px={{ base: '4', md: '6' }} py="6">
      <Stack gap="2" mb="6">
        <Heading as="h1" id="screen-title" size="2xl">
          {title}
        </Heading>
        {description && <Text color="fg.muted">{description}</Text>}
      </Stack>
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
