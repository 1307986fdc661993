import { Text } from '@chakra-ui/react';

/** The mark of a required field; the form checks it itself so the spec's messages show (no browser bubble). */
export const Required = () => (
  <Text as="span" color="fg.error" aria-hidden>
    *
  </Text>
);
