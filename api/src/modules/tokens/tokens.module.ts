import { defineModule } from '../../kernel/module';
import { AccessTokenResolver } from './access-token.resolver';
import { AccessToken } from './access-token.entity';

/** Personal access tokens. */
export const tokensModule = defineModule({
  name: 'tokens',
  resolvers: [AccessTokenResolver],
  entities: [AccessToken],
});
