import { defaultFieldResolver, isObjectType, type GraphQLSchema } from 'graphql';
import { badInput } from './errors';

/**
 * Control characters no text of ours has a use for: C0 other than tab, line feed and carriage return, DEL and C1.
 * Terminal escapes among them would reach logs and exports as they are. (Bidirectional marks stay allowed in
 * running text, which right-to-left languages need; names refuse them too: users/user.service.ts.)
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNUSABLE_CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * The one sanitation point for text a client sends: every argument of every field, over HTTP, the REST table and the
 * websocket, passes here before a resolver runs (`guardTextArguments`). PostgreSQL cannot store a NUL character in
 * text, so one would otherwise fail deep in a write as a 500; other control characters are refused as well.
 */
export function textProblem(value: unknown, path: string): { field: string; rule: string } | null {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return { field: path, rule: 'must not contain NUL characters' };
    return UNUSABLE_CONTROL.test(value) ? { field: path, rule: 'must not contain control characters' } : null;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = textProblem(item, path);
      if (problem) return problem;
    }
    return null;
  }
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, item] of Object.entries(value)) {
      const problem = textProblem(item, key);
      if (problem) return problem;
    }
  }
  return null;
}

function refuseUnusableText(args: Record<string, unknown> | undefined) {
  for (const [name, value] of Object.entries(args ?? {})) {
    const problem = textProblem(value, name);
    if (problem) throw badInput(problem.field, problem.rule);
  }
}

/**
 * Refuses, as BAD_USER_INPUT, a field whose arguments carry unusable text: the resolver of every field that takes
 * arguments is wrapped once, when the schema is built. Fields without arguments (nearly every field of a page)
 * keep their own resolver: no per-field middleware on hot paths, and no promise added anywhere.
 */
export function guardTextArguments(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (!field.args.length) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (root, args, context, info) => {
        refuseUnusableText(args);
        return resolve(root, args, context, info);
      };
      const subscribe = field.subscribe;
      if (subscribe) {
        field.subscribe = (root, args, context, info) => {
          refuseUnusableText(args);
          return subscribe(root, args, context, info);
        };
      }
    }
  }
  return schema;
}

/** `%text%` for ILIKE, the pattern characters of `text` taken literally (substring searches over trigram indexes). */
export const containsPattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
