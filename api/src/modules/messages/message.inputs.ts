import { ArgsType, Field, ID, InputType, Int } from 'type-graphql';

@InputType({ description: 'Where a conversation starts from: exactly one of the fields' })
export class StartConversationInput {
  @Field(() => ID, { nullable: true, description: 'Another member: a direct conversation, one per pair' })
  memberId?: string | null;

  @Field(() => ID, { nullable: true, description: 'A dating match: both sides see only their aliases' })
  datingMatchId?: string | null;

  @Field(() => ID, { nullable: true, description: 'A marketplace listing: a conversation with its seller' })
  listingId?: string | null;
}

@ArgsType()
export class MessagesArgs {
  @Field(() => ID)
  conversationId: string;

  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20)' })
  first?: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'The endCursor of the previous (newer) page: gives older messages',
  })
  before?: string | null;
}
