import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useStartConversationMutation } from './messages.generated';

/** Where a conversation starts from: exactly one of these. */
export interface StartConversationFrom {
  memberId?: string;
  datingMatchId?: string;
  listingId?: string;
}

/**
 * The one way any screen opens a conversation (a profile, the friends panel, a dating match, a listing): the
 * server finds or creates it, and the app goes to /messages with it open.
 */
export function useStartConversation(): { start(input: StartConversationFrom): Promise<void>; loading: boolean } {
  const navigate = useNavigate();
  const [mutate, { loading }] = useStartConversationMutation();
  const start = useCallback(
    async (input: StartConversationFrom) => {
      const { data } = await mutate({ variables: { input } });
      const id = data?.startConversation.id;
      if (id) void navigate(`/messages?conversation=${encodeURIComponent(id)}`);
    },
    [mutate, navigate],
  );
  return { start, loading };
}
