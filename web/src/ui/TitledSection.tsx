import type { ReactNode } from 'react';
import { Heading, Stack } from '@chakra-ui/react';

/** A page section named by its heading (`aria-labelledby`): the profile's post, reel and tab lists. */
export function TitledSection({
  id,
  title,
  as = 'h2',
  testId,
  children,
}: {
  id: string;
  title: string;
  as?: 'h2' | 'h3';
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Stack as="section" aria-labelledby={id} gap="3" data-testid={testId}>
      <Heading as={as} size="md" id={id}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
