import { defineModule } from '../../kernel/module';
import { AppConfigResolver } from './app-config.resolver';

/** The app's configuration as clients read it (appConfig). */
export const systemModule = defineModule({
  name: 'system',
  resolvers: [AppConfigResolver],
});
