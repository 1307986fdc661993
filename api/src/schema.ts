import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type NonEmptyArray } from 'type-graphql';
import { authChecker } from './kernel/auth';
import { guardTokenAccess } from './kernel/access';
import { guardTextArguments } from './kernel/input';
import { limitMutations } from './kernel/rate-limit';
import { readPlainFieldsDirectly } from './kernel/plain-fields';
import { pubSub } from './kernel/pubsub';
import type { ClassType, ModuleManifest } from './kernel/module';
import { modules } from './modules';
import { wireModules } from './wiring';
import { UNLIMITED_MUTATIONS } from './write-limits';

// What the modules declare for each other (reportables, conversation origins, suspension hooks), registered once
// here so that the modules that read them import none of their declarers.
wireModules(modules);

let built: Promise<GraphQLSchema> | null = null;

/** The one GraphQL schema, built once per process from every module's resolvers. */
export function getSchema(): Promise<GraphQLSchema> {
  built ??= buildSchemaOf(modules);
  return built;
}

/** A GraphQL schema built from these modules' resolvers (tests pass a list with a module of their own). */
export function buildSchemaOf(list: readonly ModuleManifest[]): Promise<GraphQLSchema> {
  const resolvers = list.flatMap((m) => m.resolvers ?? []);
  return (
    buildSchema({
      resolvers: resolvers as unknown as NonEmptyArray<ClassType>,
      authChecker,
      pubSub,
      // No global middlewares: TypeGraphQL would wrap every field of every page in them. Text arguments with NUL
      // characters are refused by `guardTextArguments`; a database that is away is answered as UNAVAILABLE where
      // errors leave the process (`publicError`).
      validate: false,
    })
      .then(readPlainFieldsDirectly)
      .then(guardTextArguments)
      // Write limits (every mutation counts unless UNLIMITED_MUTATIONS names it), wrapped inside the token guard: a
      // token that may not write is refused without spending the member's budget.
      .then((schema) => limitMutations(schema, UNLIMITED_MUTATIONS))
      .then(guardTokenAccess)
  );
}
