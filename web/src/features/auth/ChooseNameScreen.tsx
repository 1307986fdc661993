import { Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useChooseNameMutation } from './auth.generated';
import { useDocumentTitle } from '../../ui/Screen';
import { logout } from '../../ui/session';
import { FormError, NameFields, useAuthForm } from './forms';

/**
 * First sign-in of a member whose Google or Facebook account gave no name: they choose the name other members
 * will see before using the app (their e-mail stays private and is never shown as their name).
 */
export default function ChooseNameScreen({
  firstName,
  lastName,
}: {
  firstName?: string | null;
  lastName?: string | null;
}) {
  useDocumentTitle('Choose your name');
  const [chooseName, { loading }] = useChooseNameMutation();
  // The answer updates the cached member, and the session gate then shows the app.
  const { form, set, error, onSubmit } = useAuthForm({ firstName: firstName ?? '', lastName: lastName ?? '' }, (f) =>
    chooseName({ variables: { firstName: f.firstName.trim(), lastName: f.lastName.trim() } }),
  );

  return (
    <Flex as="main" minH="100dvh" align="center" justify="center" p="4">
      <Card.Root w="full" maxW="md" variant="elevated">
        <Card.Body>
          <Stack as="form" gap="4" onSubmit={onSubmit} aria-labelledby="choose-name-heading">
            <Heading as="h1" id="choose-name-heading" size="lg">
              Choose your name
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              Other members see this name on your posts, comments and messages. Your email stays private.
            </Text>
            <FormError message={error} />
            <NameFields firstName={form.firstName} lastName={form.lastName} set={set} />
            <Button type="submit" colorPalette="green" loading={loading}>
              Continue
            </Button>
            <Button variant="plain" size="sm" onClick={logout}>
              Log out
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Flex>
  );
}
