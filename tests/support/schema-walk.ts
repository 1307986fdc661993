/**
 * Walks the running server's schema (introspected over HTTP): its mutations, and plausible arguments for each,
 * generated from the types (ids from a caller's `idFor`, so a test can aim at real things). Used by the
 * authorization sweep and the input-abuse suite.
 */
import { randomUUID } from 'node:crypto';
import type { Client as PgClient } from 'pg';
import type { Client } from './app';

export interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
export interface InputValue {
  name: string;
  type: TypeRef;
}
export interface FullType {
  kind: string;
  name: string;
  fields: Array<{ name: string; args: InputValue[]; type: TypeRef }> | null;
  inputFields: InputValue[] | null;
  enumValues: Array<{ name: string }> | null;
}
export interface IntrospectedSchema {
  mutationType: { name: string };
  types: FullType[];
}

const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } }';
const INTROSPECTION = `{ __schema { mutationType { name } types { kind name
  fields { name args { name type { ${TYPE_REF} } } type { ${TYPE_REF} } }
  inputFields { name type { ${TYPE_REF} } }
  enumValues { name } } } }`;

export const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ' +
  'AAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export function typeName(ref: TypeRef): string {
  if (ref.kind === 'NON_NULL') return `${typeName(ref.ofType!)}!`;
  if (ref.kind === 'LIST') return `[${typeName(ref.ofType!)}]`;
  return ref.name!;
}
export function namedType(ref: TypeRef): TypeRef {
  return ref.ofType ? namedType(ref.ofType) : ref;
}

export type MutationField = NonNullable<FullType['fields']>[number];

/** The schema of the server `c` talks to. */
export async function introspect(c: Client): Promise<IntrospectedSchema> {
  const res = await c.graphql(INTROSPECTION);
  if (!res.json?.data) throw new Error(`introspection failed: ${res.text.slice(0, 500)}`);
  return res.json.data.__schema;
}

/** Generates arguments for `schema`'s fields; `idFor(argument, mutation)` picks each ID. */
export function schemaWalker(
  schema: IntrospectedSchema,
  idFor: (argName: string, mutation: string) => string = () => randomUUID(),
) {
  const typeOf = (name: string | null) => schema.types.find((t) => t.name === name)!;
  /** A plausible value of `ref` for argument or field `name` of `mutation`. */
  function valueFor(ref: TypeRef, name: string, mutation: string, depth = 0): unknown {
    if (ref.kind === 'NON_NULL') return valueFor(ref.ofType!, name, mutation, depth);
    if (ref.kind === 'LIST') return [valueFor(ref.ofType!, name, mutation, depth)];
    const type = typeOf(ref.name);
    switch (type.kind) {
      case 'ENUM':
        return type.enumValues![0].name;
      case 'INPUT_OBJECT': {
        const out: Record<string, unknown> = {};
        for (const f of type.inputFields!) {
          // Every required field, and the optional ones on the first level (they reach more rules).
          if (f.type.kind === 'NON_NULL' || depth === 0) out[f.name] = valueFor(f.type, f.name, mutation, depth + 1);
        }
        return out;
      }
      default:
        break;
    }
    switch (type.name) {
      case 'ID':
        return idFor(name, mutation);
      case 'Int':
        return 1;
      case 'Float':
        return 1.5;
      case 'Boolean':
        return true;
      case 'DateTimeISO':
        return new Date(Date.now() + 86_400_000).toISOString();
      default:
        break;
    }
    if (/email/i.test(name)) return 'sweep@example.test';
    if (/password/i.test(name)) return 'correct horse battery';
    if (/url|website/i.test(name) && !/photo|image|avatar|cover/i.test(name)) return 'https://example.test/';
    if (/photo|image|avatar|cover|file|data|audio|video|document/i.test(name)) return PNG_DATA_URL;
    if (/date|deadline|time$/i.test(name)) return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    if (/token|key/i.test(name)) return `sweep-${randomUUID()}`;
    return 'Sweep test';
  }

  /** The mutation as a document with one variable per argument, and the variables. */
  function operationFor(field: MutationField) {
    const defs = field.args.map((a) => `$${a.name}: ${typeName(a.type)}`).join(', ');
    const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
    const ret = typeOf(namedType(field.type).name);
    const selection = ['OBJECT', 'INTERFACE', 'UNION'].includes(ret.kind) ? ' { __typename }' : '';
    const query = `mutation Sweep${defs ? `(${defs})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
    const variables: Record<string, unknown> = {};
    for (const a of field.args) variables[a.name] = valueFor(a.type, a.name, field.name);
    return { query, variables };
  }
  const mutations = (): MutationField[] => typeOf(schema.mutationType.name).fields!;
  return { typeOf, valueFor, operationFor, mutations };
}

/** Row count and a checksum of the rows of every table but those `volatile` matches, by table. */
export async function tableState(
  pg: PgClient,
  volatile: RegExp,
  excluded?: Set<string>,
): Promise<Record<string, string>> {
  const tables = (
    await pg.query<{ t: string }>(
      `SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE ` +
        `TABLE' ORDER BY 1`,
    )
  ).rows.map((r) => r.t);
  const state: Record<string, string> = {};
  for (const t of tables) {
    if (volatile.test(t)) {
      excluded?.add(t);
      continue;
    }
    const { rows } = await pg.query(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(md5(x::text), '' ORDER BY md5(x::text)), '')) AS h FROM ` +
        `"${t}" x`,
    );
    state[t] = `${rows[0].n} ${rows[0].h}`;
  }
  return state;
}

/** The tables whose state differs, each with both states. */
export const stateDiff = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys({ ...a, ...b })
    .filter((t) => a[t] !== b[t])
    .map((t) => `${t}: ${a[t]} -> ${b[t]}`);
