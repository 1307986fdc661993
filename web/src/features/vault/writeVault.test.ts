import { describe, expect, it } from 'vitest';
import { VaultDocumentsDocument, type VaultStatusFieldsFragment } from './vault.generated';
import { createCache } from '../../ui/cache';
import { writeVault } from './VaultPasswordDialog';

const status = (unlocked: boolean): VaultStatusFieldsFragment & { __typename: 'VaultStatus' } => ({
  __typename: 'VaultStatus',
  hasPassword: true,
  unlocked,
  unlockedUntil: unlocked ? new Date(Date.now() + 60_000).toISOString() : null,
  minPasswordLength: 6,
  defaultReminderDays: 30,
  maxReminderDays: 365,
  unlockMinutes: 15,
  documentTypes: ['passport', 'visa', 'id', 'license', 'other'],
});

describe('writeVault', () => {
  it('keeps the document list while unlocked and forgets it when the vault locks', () => {
    const cache = createCache();
    cache.writeQuery({
      query: VaultDocumentsDocument,
      variables: { first: 20 },
      data: {
        vaultDocuments: {
          __typename: 'VaultDocumentConnection',
          nodes: [],
          pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
        },
      },
    });
    writeVault(cache, status(true));
    expect(JSON.stringify(cache.extract())).toContain('vaultDocuments');
    writeVault(cache, status(false));
    expect(JSON.stringify(cache.extract())).not.toContain('vaultDocuments');
  });
});
