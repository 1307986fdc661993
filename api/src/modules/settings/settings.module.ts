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
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    member_feature_choices: { member: ['member_id'] },
  },
});
