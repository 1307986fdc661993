import { Alert, Box, Heading, Text } from '@chakra-ui/react';
import { isAdmin, useSession } from '../../ui/session';
import { Screen, useDocumentTitle } from '../../ui/Screen';

export const ACCESS_DENIED_MESSAGE =
  "You don't have permission to access the admin panel. This area is restricted to administrators only.";

function AccessDenied() {
  useDocumentTitle('Access Denied');
  return (
    <Box maxW="xl" mx="auto" px="4" py="16" textAlign="center">
      <Heading as="h1" size="2xl" mb="3">
        Access Denied
      </Heading>
      <Text color="fg.muted">{ACCESS_DENIED_MESSAGE}</Text>
    </Box>
  );
}

export default function AdminScreen() {
  const user = useSession();
  if (!isAdmin(user)) return <AccessDenied />;
  return (
    <Screen title="Admin Panel" description="Manage members, roles and announcements for the whole community.">
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>Admin tools will appear here.</Alert.Title>
      </Alert.Root>
    </Screen>
  );
}
