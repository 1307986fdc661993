import type { ReactNode } from 'react';
import { Badge, Box, Button, Flex, Text, VisuallyHidden } from '@chakra-ui/react';
import { relativeTime } from '../lib/relativeTime';

/**
 * One row of a conversation list (direct messages, the admins' support inbox): avatar, name, when, the last line and
 * the unread count. Named by what it shows (axe: label in name), the count read as "2 unread".
 */
export function ConversationRow({
  avatar,
  name,
  at,
  lastLine,
  unreadCount,
  selected,
  onSelect,
  testId,
  unreadTestId,
}: {
  avatar: ReactNode;
  name: string;
  /** When the conversation last moved (ISO date), shown relative. */
  at: string;
  lastLine: string;
  unreadCount: number;
  selected: boolean;
  onSelect: () => void;
  testId: string;
  unreadTestId: string;
}) {
  const unread = unreadCount > 0;
  return (
    <Button
      variant="ghost"
      onClick={onSelect}
      w="full"
      h="auto"
      minH="44px"
      py="3"
      px="3"
      justifyContent="flex-start"
      borderRadius="0"
      bg={selected ? 'bg.muted' : undefined}
      aria-current={selected ? 'true' : undefined}
      data-testid={testId}
    >
      {avatar}
      <Box flex="1" minW="0" textAlign="left">
        <Flex justify="space-between" gap="2">
          <Text fontWeight={unread ? 'bold' : 'semibold'} truncate>
            {name}
          </Text>
          <Text fontSize="xs" color="fg.muted" flexShrink={0}>
            {relativeTime(at)}
          </Text>
        </Flex>
        <Flex justify="space-between" gap="2">
          <Text fontSize="sm" color={unread ? 'fg' : 'fg.muted'} fontWeight="normal" truncate>
            {lastLine}
          </Text>
          {unread && (
            <Badge colorPalette="green" variant="solid" borderRadius="full" data-testid={unreadTestId}>
              {unreadCount}
              <VisuallyHidden> unread</VisuallyHidden>
            </Badge>
          )}
        </Flex>
      </Box>
    </Button>
  );
}
