import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../../ui/Screen';

export default function NotFoundScreen() {
  useDocumentTitle('Page not found');
  return (
    <Box maxW="xl" mx="auto" px="4" py="16" textAlign="center">
      <Heading as="h1" size="3xl" mb="2">
        404 Page Not Found
      </Heading>
      <Text color="fg.muted" mb="6">
        Did you forget to add the page to the router?
      </Text>
      <Button asChild variant="outline">
        <RouterLink to="/">Go home</RouterLink>
      </Button>
    </Box>
  );
}
