import { ArgsType, Field, ID, Int } from 'type-graphql';

@ArgsType()
export class SupportThreadsArgs {
  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20)' })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'The endCursor of the previous page' })
  after?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Only the threads with a member message no admin has read' })
  unreadOnly?: boolean | null;
}

@ArgsType()
export class SupportThreadMessagesArgs {
  @Field(() => ID)
  threadId: string;

  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20)' })
  first?: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'The endCursor of the previous (newer) page: gives older messages',
  })
  after?: string | null;
}
