import type { Viewer } from '../../kernel/context';
import type { VaultDocument } from './vault-document.entity';

/**
 * Who may do what with a vault document: its owner only, for every read and write (and only with the vault unlocked).
 */
export const vaultPolicy = {
  canUse: (viewer: Viewer | null, doc: Pick<VaultDocument, 'ownerId'>) => !!viewer && viewer.id === doc.ownerId,
};
