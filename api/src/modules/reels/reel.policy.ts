import type { Viewer } from '../../kernel/context';
import type { Reel } from './reel.entity';

/** Who may do what with a reel: any member uploads, likes and reports; its author alone deletes it. */
export const reelPolicy = {
  canDelete: (viewer: Viewer | null, reel: Pick<Reel, 'authorId'>) => !!viewer && viewer.id === reel.authorId,
};
