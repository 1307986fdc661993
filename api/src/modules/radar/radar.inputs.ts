import { ArgsType, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { ConnectionType, PageArgs } from '../../kernel/pagination';

@ArgsType()
export class NearbyUsersArgs extends PageArgs {
  @Field(() => Int, { nullable: true, description: 'Radius in km: 1, 5, 10, 25, 50 or 100 (default 50)' })
  radiusKm?: number | null;
}

@ArgsType()
export class RadarSettingsArgs {
  @Field(() => Boolean, { description: 'Radar on (seen by and seeing nearby members) or off (neither, at once)' })
  radarEnabled: boolean;

  @Field(() => Float, {
    nullable: true,
    description: "The device's latitude; stored as its 1 km cell, only while radar is on",
  })
  latitude?: number | null;

  @Field(() => Float, { nullable: true, description: "The device's longitude; given with latitude" })
  longitude?: number | null;
}

@ObjectType({ description: 'A member with radar on near the viewer: names, photo and distance (never the e-mail)' })
export class NearbyUser {
  @Field(() => ID)
  id: string;

  @Field(() => String, { nullable: true })
  firstName: string | null;

  @Field(() => String, { nullable: true })
  lastName: string | null;

  @Field(() => String, { nullable: true })
  profileImageUrl: string | null;

  @Field(() => String)
  displayName: string;

  @Field(() => String)
  initials: string;

  @Field(() => Int, {
    description:
      'Distance from the viewer in whole km, rounded to the nearest; 0 when under 1 km (shown as "< 1 km"). Never ' +
      'finer, so positions cannot be solved from distances',
  })
  distanceKm: number;
}

export const NearbyUserConnection = ConnectionType(NearbyUser, 'NearbyUser');
