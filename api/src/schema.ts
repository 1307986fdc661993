import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { authChecker } from './kernel/auth';
import { pubSub } from './kernel/pubsub';
import { AuthResolver } from './modules/auth/auth.resolver';
import { AppConfigResolver } from './modules/system/app-config.resolver';
import { UserResolver } from './modules/users/user.resolver';

let built: Promise<GraphQLSchema> | null = null;

/** The one GraphQL schema, built once per process from every module's resolvers. */
export function getSchema(): Promise<GraphQLSchema> {
  built ??= buildSchema({
    resolvers: [UserResolver, AuthResolver, AppConfigResolver],
    authChecker,
    pubSub,
    validate: false,
  });
  return built;
}
