import type { Viewer } from '../../kernel/context';
import type { Business } from './business.entity';

/** Who may do what with a business page (spec 001 section 6). */
export const businessPolicy = {
  /** Edit, customise, delete and manage: the owner only. */
  canManage: (viewer: Viewer | null, business: Pick<Business, 'ownerId'>) =>
    !!viewer && !!business.ownerId && viewer.id === business.ownerId,
  /** Nobody reviews their own page. */
  isOwnPage: (viewer: Viewer, business: Pick<Business, 'ownerId'>) => viewer.id === business.ownerId,
  /** A review needs a follower who does not own the page. */
  canReview: (viewer: Viewer | null, business: Pick<Business, 'ownerId'>, follows: boolean) =>
    !!viewer && follows && viewer.id !== business.ownerId,
};
