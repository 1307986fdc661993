import { Badge, Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { BraggingEventFieldsFragment } from './bragging.generated';
import { canScore, formatEventDate, predictionAction, STATUS_LABEL } from './bragging.rules';
import { TeamLogo } from './TeamLogo';

const STATUS_PALETTE = { upcoming: 'blue', in_progress: 'orange', completed: 'green' } as const;

/**
 * One event: the two teams with logos, its status and dates, the member's pick, Select / Selected / Missed, and Score
 * for admins.
 */
export function EventCard({
  event,
  admin,
  onPredict,
  onScore,
}: {
  event: BraggingEventFieldsFragment;
  admin: boolean;
  onPredict: (e: BraggingEventFieldsFragment) => void;
  onScore: (e: BraggingEventFieldsFragment) => void;
}) {
  const action = predictionAction(event);
  const p = event.userPrediction;
  const teamName = (t: string | null | undefined) =>
    t === 'team1' ? event.team1Name : t === 'team2' ? event.team2Name : 'Draw';
  return (
    <Card.Root size="sm" data-testid="bragging-event" data-event-id={event.id}>
      <Card.Body gap="3">
        <HStack justify="space-between" align="start" gap="2" wrap="wrap">
          <Stack gap="0" minW="0">
            <Text fontWeight="semibold">{event.title}</Text>
            <Text fontSize="sm" color="fg.muted">
              {event.category} · {formatEventDate(event.eventDate)}
            </Text>
          </Stack>
          <Badge colorPalette={STATUS_PALETTE[event.status]} data-testid="event-status">
            {STATUS_LABEL[event.status]}
          </Badge>
        </HStack>
        <HStack justify="space-between" gap="2">
          <Team name={event.team1Name} logo={event.team1Logo} />
          <Text fontWeight="bold" color="fg.muted" fontSize={event.isScored ? 'xl' : 'sm'} data-testid="event-score">
            {event.isScored ? `${event.team1Score} - ${event.team2Score}` : 'vs'}
          </Text>
          <Team name={event.team2Name} logo={event.team2Logo} />
        </HStack>
        {event.status === 'upcoming' && (
          <Text fontSize="xs" color="fg.muted">
            Predictions close {formatEventDate(event.closingDate)}
          </Text>
        )}
        {p && (
          <Box fontSize="sm" data-testid="my-prediction">
            Your pick: <strong>{teamName(p.predictedWinner)}</strong>
            {p.predictedMargin !== null && ` by ${p.predictedMargin}`}
            {p.points !== null && (
              <Text as="span" color={p.points > 0 ? 'green.fg' : 'fg.muted'}>
                {' '}
                · {p.points} points
              </Text>
            )}
          </Box>
        )}
        <HStack gap="2" wrap="wrap">
          <Button
            size="sm"
            minH="44px"
            flex="1"
            colorPalette="green"
            variant={action === 'select' ? 'solid' : 'subtle'}
            disabled={action !== 'select'}
            onClick={() => onPredict(event)}
            aria-label={action === 'select' ? `Select a winner for ${event.title}` : undefined}
          >
            {action === 'select' ? 'Select' : action === 'selected' ? 'Selected' : 'Missed'}
          </Button>
          {admin && canScore(event) && (
            <Button size="sm" minH="44px" variant="outline" onClick={() => onScore(event)}>
              Score
            </Button>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function Team({ name, logo }: { name: string; logo: string | null }) {
  return (
    <Stack align="center" gap="1" flex="1" minW="0">
      <TeamLogo name={name} src={logo} />
      <Text fontSize="sm" textAlign="center" lineClamp={2}>
        {name}
      </Text>
    </Stack>
  );
}
