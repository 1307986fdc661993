import { Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { settings } from '../../kernel/settings';
import { googleEnabled, facebookEnabled } from '../auth/oauth';

@ObjectType({ description: 'What the client needs to know of this installation: enabled integrations and limits' })
export class AppConfig {
  @Field(() => Boolean, { description: 'Sign in with Google (OpenID Connect) is configured' })
  googleEnabled: boolean;

  @Field(() => Boolean, { description: 'Sign in with Facebook is configured' })
  facebookEnabled: boolean;

  @Field(() => Int)
  passwordMinLength: number;
}

@Resolver()
export class AppConfigResolver {
  @Query(() => AppConfig)
  appConfig(): AppConfig {
    return {
      googleEnabled: googleEnabled(),
      facebookEnabled: facebookEnabled(),
      passwordMinLength: settings().passwordMinLength,
    };
  }
}
