import { Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../kernel/context';
import { User } from '../users/user.entity';
import { NearbyUserConnection, NearbyUsersArgs, RadarSettingsArgs } from './radar.inputs';
import { nearbyUsers, updateRadarSettings } from './radar.service';

@Resolver()
export class RadarResolver {
  @Authorized()
  @Mutation(() => User, {
    description: "Turns the viewer's radar on (with the device's position) or off; answers the updated member",
  })
  updateRadarSettings(@Args(() => RadarSettingsArgs) args: RadarSettingsArgs, @Ctx() ctx: Context): Promise<User> {
    return updateRadarSettings(ctx.viewer, args);
  }

  @Authorized()
  @Query(() => NearbyUserConnection, {
    description:
      'Members with radar on seen in the last 24 hours within the radius of the viewer, by distance in whole km ' +
      '(within one km, in an order that says nothing of distance); only for a viewer whose radar is on. `after` ' +
      'takes only an endCursor issued to the viewer',
  })
  nearbyUsers(@Args(() => NearbyUsersArgs) args: NearbyUsersArgs, @Ctx() ctx: Context) {
    return nearbyUsers(ctx.viewer, args);
  }
}
