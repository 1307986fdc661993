import type { Viewer } from '../../kernel/context';
import type { SavedCheckin } from './saved-checkin.entity';

/** Who may do what with a saved check-in. Another member's is NOT_FOUND, as if it did not exist. */
export const savedCheckinPolicy = {
  canRemove: (viewer: Viewer, saved: SavedCheckin) => saved.memberId === viewer.id,
};
