import { defaultFieldResolver, isObjectType, type GraphQLField, type GraphQLSchema } from 'graphql';
import type { Context } from './context';
import { forbidden } from './errors';

/**
 * The extension a root field carries (`@Extensions(SESSION_ONLY)`) when only a signed-in browser session may use it,
 * never a personal access token: the vault, managing tokens.
 */
export const SESSION_ONLY = { sessionOnly: true } as const;

export const TOKEN_READ_ONLY = 'This token may only read: mutations need a read-write token.';
export const TOKEN_NOT_ALLOWED = 'Personal access tokens cannot do that: sign in.';

/** `Bearer <token>` from an Authorization header or a websocket's connection params; null when absent or not Bearer. */
export function bearerTokenOf(authorization: unknown): string | null {
  if (typeof authorization !== 'string') return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return m ? m[1] : null;
}

/** Refuses a token where it may not go: FORBIDDEN. Private-file routes (the vault's) call it too. */
export function refuseToken(ctx: Pick<Context, 'tokenId'>): void {
  if (ctx.tokenId) throw forbidden(TOKEN_NOT_ALLOWED);
}

function guard(field: GraphQLField<unknown, Context>, check: (ctx: Context) => void) {
  const resolve = field.resolve ?? defaultFieldResolver;
  field.resolve = (root, args, ctx, info) => {
    check(ctx);
    return resolve(root, args, ctx, info);
  };
  const subscribe = field.subscribe;
  if (subscribe) {
    field.subscribe = (root, args, ctx, info) => {
      check(ctx);
      return subscribe(root, args, ctx, info);
    };
  }
}

/**
 * What a personal access token may reach, applied once to the built schema, so GraphQL over HTTP, the websocket and
 * the REST table (which all execute this schema) obey it alike: a `read` token runs no mutation, and no token runs a
 * root field marked SESSION_ONLY (FORBIDDEN, before the resolver runs). Only root fields are wrapped. (Admin powers
 * are taken from a token without the `admin` scope where the token becomes a viewer: holderOfToken.)
 */
export function guardTokenAccess(schema: GraphQLSchema): GraphQLSchema {
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (!type || !isObjectType(type)) continue;
    const isMutation = type === schema.getMutationType();
    for (const field of Object.values(type.getFields())) {
      const sessionOnly = (field.extensions as Record<string, unknown> | undefined)?.sessionOnly === true;
      if (!sessionOnly && !isMutation) continue;
      guard(field as GraphQLField<unknown, Context>, (ctx) => {
        if (!ctx.tokenId) return;
        if (sessionOnly) throw forbidden(TOKEN_NOT_ALLOWED);
        if (isMutation && ctx.tokenScope === 'read') throw forbidden(TOKEN_READ_ONLY);
      });
    }
  }
  return schema;
}
