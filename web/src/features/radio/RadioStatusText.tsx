import { Text } from '@chakra-ui/react';
import type { RadioStatus } from './RadioPlayerProvider';

/** What the player is doing, in words; the error state says the stream could not be loaded. */
export function RadioStatusText({ status }: { status: RadioStatus }) {
  if (status === 'error')
    return (
      <Text role="alert" fontSize="sm" color="fg.error" data-testid="radio-error">
        This station could not be loaded. Try again or pick another station.
      </Text>
    );
  const words = { idle: 'Not playing', loading: 'Connecting…', playing: 'Playing', paused: 'Paused' }[status];
  return (
    <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="radio-status">
      {words}
    </Text>
  );
}
