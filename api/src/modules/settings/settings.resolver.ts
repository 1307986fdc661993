import { Arg, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import type { Context } from '../../kernel/context';
import { User } from '../users/user.entity';
import { enabledFeaturesOf, Feature } from './settings.features';
import { settingsPolicy } from './settings.policy';
import { setFeatureEnabled } from './settings.service';

@Resolver(() => User)
export class UserSettingsResolver {
  @FieldResolver(() => [Feature], {
    nullable: true,
    description:
      'The features the member shows in the sidebar (their choices over the defaults); only the member and admins ' +
      'see it',
  })
  async enabledFeatures(@Root() user: User, @Ctx() ctx: Context): Promise<Feature[] | null> {
    if (!settingsPolicy.canSee(ctx.viewer, user)) return null;
    return enabledFeaturesOf(await ctx.loaders.settings.featureChoicesByMember.load(user.id));
  }

  @FieldResolver(() => Boolean, {
    nullable: true,
    description: 'Whether their SAFFA Radar is on; only the member and admins see it',
  })
  radarEnabled(@Root() user: User, @Ctx() ctx: Context): boolean | null {
    return settingsPolicy.canSee(ctx.viewer, user) ? user.radarEnabled : null;
  }

  @Authorized()
  @Mutation(() => User, {
    description:
      "Shows or hides one optional feature in the viewer's sidebar; the choice follows them to every browser",
  })
  setFeatureEnabled(
    @Arg('feature', () => Feature) feature: Feature,
    @Arg('enabled', () => Boolean) enabled: boolean,
    @Ctx() ctx: Context,
  ): Promise<User> {
    return setFeatureEnabled(ctx.viewer, feature, enabled);
  }
}
