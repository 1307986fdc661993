import type { Viewer } from '../../kernel/context';

/**
 * Who may do what with a direct message. A conversation is its participants' alone (the service reads it through
 * their membership: anyone else finds nothing); among them, its recipient reports a message, never its sender.
 */
export const messagePolicy = {
  canReport: (viewer: Viewer, message: { senderId: string }) => viewer.id !== message.senderId,
  /** A side may not write into a conversation where a block stands between the members (personas excepted). */
  canSend: (blockedEitherWay: boolean) => !blockedEitherWay,
};
