import { defineModule } from '../../kernel/module';
import { UserSettingsResolver } from './settings.resolver';
import { FeatureChoice } from './feature-choice.entity';
import { settingsLoaders } from './settings.loaders';

/** A member's settings and feature choices. */
export const settingsModule = defineModule({
  name: 'settings',
  resolvers: [UserSettingsResolver],
  entities: [FeatureChoice],
  loaders: { settings: settingsLoaders },
});
