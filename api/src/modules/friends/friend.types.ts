import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { User } from '../users/user.entity';

export enum FriendStatus {
  none = 'none',
  self = 'self',
  friends = 'friends',
  requestSent = 'requestSent',
  requestReceived = 'requestReceived',
}
registerEnumType(FriendStatus, { name: 'FriendStatus', description: 'How a member relates to the viewer' });

@ObjectType({ description: 'A friend of the viewer' })
export class Friend {
  @Field(() => User) user: User;
  @Field(() => Int, { description: 'Friends the viewer and this friend share' }) mutualFriendCount: number;
  @Field(() => Date, { nullable: true }) since: Date | null;
}

export enum SuggestionReason {
  friendOfFriend = 'friendOfFriend',
  nearby = 'nearby',
  newMember = 'newMember',
  active = 'active',
}
registerEnumType(SuggestionReason, {
  name: 'SuggestionReason',
  description: 'Why a member is suggested',
  valuesConfig: {
    friendOfFriend: { description: "A friend of the viewer's friends" },
    nearby: { description: "Checked in near the viewer's latest check-in" },
    newMember: { description: 'One of the newest members' },
    active: { description: 'Posted recently' },
  },
});

@ObjectType({
  description: 'A member the viewer may know: friends of friends first, then members nearby, new and active',
})
export class FriendSuggestion {
  @Field(() => User) user: User;
  @Field(() => User, {
    nullable: true,
    description: "The viewer's friend they are a friend of (friends of friends only)",
  })
  via: User | null;
  @Field(() => Int, { description: 'Friends the viewer and this member share' }) mutualFriendCount: number;
  @Field(() => SuggestionReason) reason: SuggestionReason;
}

@ObjectType({ description: 'A friend request sent to the viewer' })
export class FriendRequest {
  @Field(() => ID) id: string;
  @Field(() => User) from: User;
  @Field(() => Date) createdAt: Date;
}
