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

// ------------------------------------------------------------------------------------------------- input helpers
// The one way a service checks what a member typed. Each refuses with `badInput(field, rule)`, `field` always the
// input's property name (`linkedIn`, `price`, `latitude`), so the web can put the message next to that field.

/** Text a member typed, trimmed; null when blank (or not given). Not text, or over `max` characters, is refused. */
export function text(value: unknown, field: string, opts: TextOptions & { required: true }): string;
export function text(value: unknown, field: string, opts: TextOptions & { required?: false }): string | null;
export function text(value: unknown, field: string, { max, required, label }: TextOptions & { required?: boolean }) {
  if (value !== null && value !== undefined && typeof value !== 'string')
    throw badInput(field, 'must be text', { label });
  const trimmed = typeof value === 'string' ? value.trim() : '';
  if (required && !trimmed) throw badInput(field, 'is required', { label });
  if (trimmed.length > max) throw badInput(field, `must be at most ${max} characters`, { label });
  return trimmed || null;
}

/** `label`: how the message names the field where the spec words it otherwise ('Title is required' for `title`). */
interface TextOptions {
  max: number;
  label?: string;
}

/** A calendar day as YYYY-MM-DD (a real one: no 2026-02-30); null when blank. */
export function date(value: unknown, field: string): string | null {
  const day = text(value, field, { max: 10 });
  if (!day) return null;
  const parsed = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day)
    throw badInput(field, 'must be a date (YYYY-MM-DD)');
  return day;
}

/**
 * One of `options`, as the list spells it; null when blank, unless `required`. `loose` matches without regard to
 * case, spaces, dashes or underscores ('full-time', 'Full-time' and 'FULL_TIME' are one option).
 */
export function option<T extends string>(
  value: unknown,
  field: string,
  options: readonly T[],
  opts: OptionOptions & { required: true },
): T;
export function option<T extends string>(
  value: unknown,
  field: string,
  options: readonly T[],
  opts?: OptionOptions & { required?: false },
): T | null;
export function option<T extends string>(
  value: unknown,
  field: string,
  options: readonly T[],
  { loose = false, label, required = false }: OptionOptions & { required?: boolean } = {},
): T | null {
  const given = text(value, field, { max: Infinity, label });
  if (!given && !required) return null;
  const key = (s: string) => (loose ? s.toLowerCase().replace(/[\s_-]+/g, '') : s);
  const found = given === null ? undefined : options.find((o) => key(o) === key(given));
  if (!found) throw badInput(field, `must be one of ${options.join(', ')}`, { label });
  return found;
}

interface OptionOptions {
  loose?: boolean;
  label?: string;
}

const inRange = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= -limit && value <= limit;

/**
 * A position: latitude in [-90, 90], longitude in [-180, 180], both finite. `fields` names them when the input
 * calls them otherwise (`lat`, `lon`).
 */
export function position(
  latitude: unknown,
  longitude: unknown,
  fields: [string, string] = ['latitude', 'longitude'],
): { latitude: number; longitude: number } {
  if (!inRange(latitude, 90)) throw badInput(fields[0], 'must be between -90 and 90');
  if (!inRange(longitude, 180)) throw badInput(fields[1], 'must be between -180 and 180');
  return { latitude, longitude };
}

/** An optional position: both or neither (null); one without the other is refused. */
export function optionalPosition(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): { latitude: number; longitude: number } | null {
  const given = [latitude, longitude].filter((v) => v !== null && v !== undefined).length;
  if (given === 1) throw badInput('latitude', 'and longitude must be given together');
  return given ? position(latitude, longitude) : null;
}

/** An amount of money in whole units with cents (a price): a finite number from 0 to `max`. */
export function money(value: unknown, field: string, { max }: { max: number }): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw badInput(field, 'must be a number');
  if (value < 0) throw badInput(field, 'must be at least 0');
  if (value > max) throw badInput(field, `must be at most ${max}`);
  return value;
}

/**
 * A web address a member gives (a website, a LinkedIn profile): http(s) only, since it is shown as a link, with a
 * host that has a dot; a bare host gets https://. Answers the address as typed (with the scheme); null when blank.
 */
export function url(value: unknown, field: string, { max }: { max: number }): string | null {
  const given = text(value, field, { max });
  if (!given) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(given) ? given : `https://${given}`;
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch {
    throw badInput(field, 'must be a web address');
  }
  if (!['http:', 'https:'].includes(parsed.protocol) || !parsed.hostname.includes('.'))
    throw badInput(field, 'must be an http or https web address');
  return withScheme;
}
