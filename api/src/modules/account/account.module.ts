import { defineModule } from '../../kernel/module';
import { AccountResolver } from './account.resolver';

/** The account: the member's own data (download, deletion). */
export const accountModule = defineModule({
  name: 'account',
  resolvers: [AccountResolver],
});
