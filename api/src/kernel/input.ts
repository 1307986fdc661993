import type { MiddlewareFn } from 'type-graphql';
import { badInput } from './errors';

/**
 * The one sanitation point for text a client sends: every argument of every field, over HTTP, the REST table
 * and the websocket, passes here before a resolver runs. PostgreSQL cannot store a NUL character in text, so
 * one would otherwise fail deep in a write as a 500.
 */
export function textProblem(value: unknown, path: string): { field: string; rule: string } | null {
  if (typeof value === 'string') return value.includes('\u0000') ? { field: path, rule: 'must not contain NUL characters' } : null;
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

/** TypeGraphQL global middleware: refuses a field whose arguments carry unusable text, as BAD_USER_INPUT. */
export const cleanTextArguments: MiddlewareFn = ({ args }, next) => {
  for (const [name, value] of Object.entries(args ?? {})) {
    const problem = textProblem(value, name);
    if (problem) throw badInput(problem.field, problem.rule);
  }
  return next();
};
