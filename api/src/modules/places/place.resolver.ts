import { Arg, Authorized, Ctx, Float, Query, Resolver } from 'type-graphql';
import type { Context } from '../../kernel/context';
import { reverseGeocode } from './place.service';

@Resolver()
export class PlaceResolver {
  @Authorized()
  @Query(() => String, { nullable: true, description: 'The place name at a coordinate, or null when unknown' })
  reverseGeocode(
    @Arg('latitude', () => Float) latitude: number,
    @Arg('longitude', () => Float) longitude: number,
    @Ctx() ctx: Context,
  ) {
    return reverseGeocode(ctx.viewer, latitude, longitude, ctx.log);
  }
}
