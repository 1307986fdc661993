import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { AccessToken, AccessTokenScope } from './access-token.entity';

@InputType({ description: 'A new personal access token' })
export class CreateAccessTokenInput {
  @Field({ description: "What uses it, 1 to 60 characters, unique among the member's tokens" })
  name: string;

  @Field(() => AccessTokenScope, {
    description:
      'read: queries and subscriptions only; readWrite: mutations too; admin (admins only): admin operations too, ' +
      'for a day',
  })
  scope: AccessTokenScope;

  @Field(() => Int, {
    nullable: true,
    description:
      'Days until it expires: 30, 90 or 365; null or absent: never. An admin token: 1 or absent, it always expires ' +
      'in a day',
  })
  expiresInDays?: number | null;
}

@ObjectType({ description: 'A token just created, with its secret: shown this once, never again' })
export class CreatedAccessToken {
  @Field(() => AccessToken, { description: 'The stored token, as myAccessTokens lists it' })
  token: AccessToken;

  @Field({ description: 'The secret to send as `Authorization: Bearer <secret>`' })
  secret: string;
}
