import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { LuTrophy } from 'react-icons/lu';
import type { BraggingStandingFieldsFragment } from './bragging.generated';
import { EmptyNotice } from '../../ui/LoadStates';
import { UserAvatar } from '../../ui/UserAvatar';
import { PODIUM } from './bragging.rules';

const PODIUM_PALETTE = ['yellow', 'gray', 'orange'] as const;

/**
 * Standings: rank (gold, silver and bronze for the first three), member, points and correct predictions; 'No rankings
 * yet' when empty.
 */
export function Leaderboard({ rows, testId }: { rows: readonly BraggingStandingFieldsFragment[]; testId: string }) {
  if (rows.length === 0)
    return <EmptyNotice icon={<LuTrophy />} description="No rankings yet" testId={`${testId}-empty`} />;
  return (
    <Stack as="ol" gap="2" data-testid={testId} listStyleType="none" m="0" p="0">
      {rows.map((r) => {
        const podium = r.rank <= 3 ? r.rank - 1 : -1;
        return (
          <HStack as="li" key={r.id} gap="3" p="2" borderRadius="md" data-testid="leaderboard-row">
            {podium >= 0 ? (
              <Badge
                colorPalette={PODIUM_PALETTE[podium]}
                variant="surface"
                minW="8"
                justifyContent="center"
                aria-label={`${PODIUM[podium]}, rank ${r.rank}`}
              >
                {r.rank}
              </Badge>
            ) : (
              <Text minW="8" textAlign="center" fontWeight="semibold" color="fg.muted">
                {r.rank}
              </Text>
            )}
            <UserAvatar user={r.user} size="sm" />
            <Stack gap="0" flex="1" minW="0">
              <Text fontWeight="medium" truncate>
                {r.user.displayName}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {r.correctPredictions} of {r.totalPredictions} correct
              </Text>
            </Stack>
            <Text fontWeight="bold" data-testid="leaderboard-points">
              {r.points} pts
            </Text>
          </HStack>
        );
      })}
    </Stack>
  );
}
