import type { ReactNode } from 'react';
import { Box, Container, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LuArrowLeft } from 'react-icons/lu';
import { useOptionalSession } from '../../ui/session';
import { useDocumentTitle } from '../../ui/Screen';

const EFFECTIVE_DATE = '14 October 2025';

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section">
      <Heading as="h2" size="lg" mb="2">
        {title}
      </Heading>
      <Stack gap="2" color="fg.muted" lineHeight="tall">
        {children}
      </Stack>
    </Box>
  );
}

/**
 * The back link: signed out it returns to the landing with the spec's 'Back to login'; a signed-in member has no
 * login to go back to, so it reads 'Back to Saffa' and goes to the home feed.
 */
function useBackLink(): { to: string; label: string } {
  const signedIn = useOptionalSession() !== null;
  return { to: '/', label: signedIn ? 'Back to Saffa' : 'Back to login' };
}

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  const back = useBackLink();
  return (
    <Container as="main" maxW="3xl" py={{ base: '8', md: '12' }}>
      <ChakraLink asChild colorPalette="green" color="colorPalette.fg" mb="6" display="inline-flex" gap="2">
        <RouterLink to={back.to}>
          <LuArrowLeft aria-hidden /> {back.label}
        </RouterLink>
      </ChakraLink>
      <Heading as="h1" size="3xl" mb="2">
        {title}
      </Heading>
      <Text color="fg.muted" mb="8">
        Effective date: {EFFECTIVE_DATE}
      </Text>
      <Stack gap="8">{children}</Stack>
    </Container>
  );
}
