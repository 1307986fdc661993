import { Field, InputType } from 'type-graphql';

@InputType({ description: 'A new member signing up with e-mail and password' })
export class SignUpInput {
  @Field({ description: 'E-mail address; used to sign in' })
  email: string;

  @Field({ description: 'At least PASSWORD_MIN_LENGTH (8) characters' })
  password: string;

  @Field({ description: 'Up to 50 characters' })
  firstName: string;

  @Field({ description: 'Up to 50 characters' })
  lastName: string;
}

@InputType({ description: 'E-mail and password of an existing member' })
export class SignInInput {
  @Field({ description: 'E-mail address' })
  email: string;

  @Field({ description: 'Password' })
  password: string;
}
