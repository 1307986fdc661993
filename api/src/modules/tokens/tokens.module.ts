import { defineModule } from '../../kernel/module';
import { AccessTokenResolver } from './access-token.resolver';
import { AccessToken } from './access-token.entity';

/** Personal access tokens. */
export const tokensModule = defineModule({
  name: 'tokens',
  resolvers: [AccessTokenResolver],
  entities: [AccessToken],
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    // Personal access tokens: their names, scopes and dates are the member's; the secret's hash only verifies one.
    access_tokens: { member: ['member_id'], omit: ['token_hash'] },
  },
});
