import { Button } from '@chakra-ui/react';
import { LuMessageCircle } from 'react-icons/lu';
import { errorMessage } from '../../lib/errors';
import { toaster } from '../../ui/toaster';
import { useStartConversation } from '../messages';
import { openingText } from './datingText';

/**
 * Send Message on a match (spec 001 sections 2.9 and 8): 'Opening Messages', then the one start-conversation
 * operation with the match, which opens /messages with the conversation in which both sides are their aliases.
 */
export function SendMessageButton({ matchId, aliasName }: { matchId: string; aliasName: string }) {
  const { start, loading } = useStartConversation();
  const open = async () => {
    toaster.create({ type: 'info', title: 'Opening Messages', description: openingText(aliasName) });
    try {
      await start({ datingMatchId: matchId });
    } catch (err) {
      toaster.create({ type: 'error', title: 'Could not open the conversation', description: errorMessage(err) });
    }
  };
  return (
    <Button colorPalette="green" size="sm" onClick={() => void open()} loading={loading}>
      <LuMessageCircle aria-hidden />
      Send Message
    </Button>
  );
}
