import type { ReactNode } from 'react';
import { Box, Heading, HStack, Text } from '@chakra-ui/react';

interface SectionHeadingProps {
  /** The heading's id, for the section's `aria-labelledby`. */
  id: string;
  title: string;
  /** One muted line under the title. */
  subtitle?: string;
  /** Controls beside the title (a pause button, a count). */
  extra?: ReactNode;
  as?: 'h2' | 'h3';
  mb?: string;
}

/** The title (and optional subtitle) of a panel section: the friends panel and the feed's wide-screen column. */
export function SectionHeading({ id, title, subtitle, extra, as = 'h2', mb = '1' }: SectionHeadingProps) {
  return (
    <Box mb={mb}>
      <HStack gap="2">
        <Heading as={as} id={id} size="sm">
          {title}
        </Heading>
        {extra}
      </HStack>
      {subtitle && (
        <Text fontSize="xs" color="fg.muted">
          {subtitle}
        </Text>
      )}
    </Box>
  );
}
