import { Arg, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import type { Context } from '../../kernel/context';
import { User } from '../users/user.entity';
import { enabledFeaturesOf, Feature } from './settings.features';
import { setFeatureEnabled } from './settings.service';

@Resolver(() => User)
export class UserSettingsResolver {
  @FieldResolver(() => [Feature], {
    nullable: true,
    description: "The features the member shows in the sidebar (their choices over the defaults); only the member sees it",
  })
  async enabledFeatures(@Root() user: User, @Ctx() ctx: Context): Promise<Feature[] | null> {
    if (ctx.viewer?.id !== user.id) return null;
    return enabledFeaturesOf(await ctx.loaders.settings.featureChoicesByUser.load(user.id));
  }

  @Authorized()
  @Mutation(() => User, { description: "Shows or hides one optional feature in the viewer's sidebar; the choice follows them to every browser" })
  setFeatureEnabled(
    @Arg('feature', () => Feature) feature: Feature,
    @Arg('enabled', () => Boolean) enabled: boolean,
    @Ctx() ctx: Context,
  ): Promise<User> {
    return setFeatureEnabled(ctx.viewer, feature, enabled);
  }
}
