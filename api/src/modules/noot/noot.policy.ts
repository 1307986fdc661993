import type { Viewer } from '../../kernel/context';
import { isAdmin } from '../../kernel/auth';
import type { NootSong } from './noot-song.entity';

type Song = Pick<NootSong, 'isAdminApproved' | 'uploaderId'>;

/**
 * Who may see what of Noot vir Noot's songs. Approving, rejecting and managing playlists are admin operations
 * (`requireAdmin` in the service).
 */
export const nootPolicy = {
  /** The chart's approval rule for one song: approved, or pending and the viewer's own or the viewer an admin. */
  canSee: (viewer: Viewer | null, song: Song): boolean =>
    song.isAdminApproved || isAdmin(viewer) || (!!viewer && song.uploaderId === viewer.id),
  /** Pending songs of others show to admins only (the chart's SQL filter applies the same rule). */
  seesAllPending: (viewer: Viewer | null): boolean => isAdmin(viewer),
  /** An admin's upload is approved at once; a member's waits for an admin. */
  approvedOnUpload: (viewer: Viewer): boolean => isAdmin(viewer),
  /** Who uploaded a song: shown to admins and the uploader. */
  canSeeUploader: (viewer: Viewer | null, song: Pick<NootSong, 'uploaderId'>): boolean =>
    isAdmin(viewer) || (!!viewer && viewer.id === song.uploaderId),
};
