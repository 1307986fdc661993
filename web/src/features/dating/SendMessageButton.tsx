import { Button } from '@chakra-ui/react';
import { LuMessageCircle } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { toaster } from '../../ui/toaster';
import { openingText } from './datingText';

/** Send Message on a match: tells 'Opening Messages' and goes to /messages (spec 001 sections 2.9 and 8). */
export function SendMessageButton({ matchId, aliasName }: { matchId: string; aliasName: string }) {
  const navigate = useNavigate();
  const open = () => {
    toaster.create({ type: 'info', title: 'Opening Messages', description: openingText(aliasName) });
    void navigate('/messages');
  };
  return (
    <Button colorPalette="green" size="sm" onClick={open} data-match-id={matchId}>
      <LuMessageCircle aria-hidden />
      Send Message
    </Button>
  );
}
