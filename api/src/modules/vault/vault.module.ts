import { defineModule } from '../../kernel/module';
import { VaultResolver } from './vault.resolver';
import { VaultDocument } from './vault-document.entity';
import { VaultKey } from './vault-key.entity';
import { VaultUnlock } from './vault-unlock.entity';
import { vaultRemindersJob } from './vault-reminders';

/** The vault: a member's sealed documents, with expiry reminders. */
export const vaultModule = defineModule({
  name: 'vault',
  resolvers: [VaultResolver],
  entities: [VaultKey, VaultDocument, VaultUnlock],
  jobs: [vaultRemindersJob],
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    vault_keys: {
      member: ['member_id'],
      notExported:
        "the vault's password verifier, salt and wrapped key: with them the vault password could be guessed offline",
    },
    vault_unlocks: { member: ['member_id'], notExported: "a session's unlocked vault key, for minutes only" },
    // Names, types and dates; the files only decrypted, when the vault is unlocked in the session that downloads.
    vault_documents: {
      member: ['owner_id'],
      private: ['file_key'],
      hidden: ['file_key'],
      filesLeftOut:
        'sealed under the vault password: the archive has them decrypted (vault/) when the vault is unlocked as you ' +
        'download',
    },
  },
});
