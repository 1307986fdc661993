import { defineModule } from '../../kernel/module';
import { VaultResolver } from './vault.resolver';
import { VaultDocument } from './vault-document.entity';
import { VaultKey } from './vault-key.entity';
import { VaultUnlock } from './vault-unlock.entity';
import { vaultRemindersJob } from './vault.service';

/** The vault: a member's sealed documents, with expiry reminders. */
export const vaultModule = defineModule({
  name: 'vault',
  resolvers: [VaultResolver],
  entities: [VaultKey, VaultDocument, VaultUnlock],
  jobs: [vaultRemindersJob],
});
