import { Readable } from 'node:stream';
import { DataSource, Entity, PrimaryGeneratedColumn, Column } from 'typeorm';
import { Field, ID, ObjectType, Query, Resolver } from 'type-graphql';
import { isEnumType, isObjectType, isUnionType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitiesOf } from './db/entities';
import { mediaColumnsOf } from './db/housekeeping';
import { demoPartsOf } from './db/demo';
import { db, setDataSource } from './kernel/database';
import { defineModule } from './kernel/module';
import { modules } from './modules';
import { exportMemberData } from './modules/account/account.export';
import { ACCOUNT_TABLES } from './modules/account/account.rules';
import type { SearchKind } from './modules/search/search.kinds';
import { search } from './modules/search/search.service';
import { openApiDocument } from './rest/openapi';
import { restRoutesOf } from './rest-table';
import { buildSchemaOf } from './schema';
import { buildUser } from './test/factories';
import { unzip } from './test/helpers';
import { wireModules } from './wiring';

/**
 * A module of the test's own, never shipped: a member's notes, with the roles a new vertical usually has. Test files
 * are compiled without decorator support, so the decorators are applied as the functions they are.
 */
class FixtureNote {
  id: string;
  authorId: string;
  title: string;
  createdAt: Date;
}
Field(() => ID)(FixtureNote.prototype, 'id');
PrimaryGeneratedColumn('uuid')(FixtureNote.prototype, 'id');
Column({ type: 'uuid' })(FixtureNote.prototype, 'authorId');
Field(() => String)(FixtureNote.prototype, 'title');
Column({ type: 'text' })(FixtureNote.prototype, 'title');
Column({ type: 'timestamptz', default: () => 'now()' })(FixtureNote.prototype, 'createdAt');
ObjectType({ description: 'A note of the fixture module' })(FixtureNote);
Entity('fixture_notes')(FixtureNote);

class FixtureNoteResolver {
  fixtureHello(): string {
    return 'hello';
  }
}
Query(() => String, { description: 'A greeting of the fixture module' })(
  FixtureNoteResolver.prototype,
  'fixtureHello',
  Object.getOwnPropertyDescriptor(FixtureNoteResolver.prototype, 'fixtureHello')!,
);
Resolver()(FixtureNoteResolver);

const fixtureModule = defineModule({
  name: 'fixture',
  resolvers: [FixtureNoteResolver],
  entities: [FixtureNote],
  rest: [{ method: 'GET', path: '/api/fixture/hello', operation: 'query FixtureHello { fixtureHello }' }],
  exportRules: { fixture_notes: { member: ['author_id'] } },
  searchKinds: [
    { kind: 'fixtureNotes' as SearchKind, entity: FixtureNote, visible: 'true', fields: [{ sql: 't.title' }] },
  ],
  mediaColumns: [['fixture_notes', 'title']],
  demo: [{ name: 'fixture', load: async () => undefined, after: ['users'] }],
});
const list = [...modules, fixtureModule];

describe('a module added to the module list', () => {
  let base: DataSource;
  let withFixture: DataSource;

  beforeAll(async () => {
    // Its table, as its migration would make it, and a data source that knows its entity (as db/entities.ts would).
    base = db();
    await base.query(`CREATE TABLE fixture_notes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      author_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      title text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now())`);
    withFixture = new DataSource({ ...base.options, entities: entitiesOf(list), poolSize: 2 } as typeof base.options);
    await withFixture.initialize();
    setDataSource(withFixture);
    wireModules(list);
  });

  afterAll(async () => {
    setDataSource(base);
    await withFixture?.destroy();
  });

  it('is in the schema: its query, its search kind and its type among the search results', async () => {
    const schema = await buildSchemaOf(list);
    expect(schema.getQueryType()?.getFields().fixtureHello).toBeDefined();
    const kind = schema.getType('SearchKind');
    expect(isEnumType(kind) && kind.getValue('fixtureNotes')).toBeTruthy();
    const results = schema.getType('SearchHit');
    expect(isUnionType(results) && results.getTypes().map((t) => t.name)).toContain('FixtureNote');
    expect(isObjectType(schema.getType('FixtureNote'))).toBe(true);
  });

  it('is in the REST table and its OpenAPI document', () => {
    const rows = restRoutesOf(list);
    expect(rows.map((r) => `${r.method} ${r.path}`)).toContain('GET /api/fixture/hello');
    expect(openApiDocument(rows).paths['/api/fixture/hello']?.get).toBeDefined();
  });

  it('is in the entities, the media sweep and the demo parts', () => {
    expect(entitiesOf(list)).toContain(FixtureNote);
    expect(mediaColumnsOf(list)).toContainEqual(['fixture_notes', 'title']);
    expect(demoPartsOf(list).map((p) => p.name)).toContain('fixture');
  });

  it("is in the member's data export", async () => {
    expect(ACCOUNT_TABLES.fixture_notes).toEqual({ member: ['author_id'] });
    const member = await buildUser();
    await db().query(`INSERT INTO fixture_notes (author_id, title) VALUES ($1, 'my own note')`, [member.id]);
    const archive = await exportMemberData({ viewer: { id: member.id, role: 'user' }, sessionToken: null });
    const chunks: Buffer[] = [];
    for await (const chunk of archive.stream as Readable) chunks.push(Buffer.from(chunk));
    const entries = await unzip(Buffer.concat(chunks));
    const notes = JSON.parse(entries.get('data/fixture_notes.json')!.toString('utf8'));
    expect(notes.map((n: { title: string }) => n.title)).toEqual(['my own note']);
  });

  it('is found by search', async () => {
    const member = await buildUser();
    await db().query(`INSERT INTO fixture_notes (author_id, title) VALUES ($1, 'braai recipe for twelve')`, [
      member.id,
    ]);
    const page = await search(
      { id: member.id, role: 'user' },
      { kind: 'fixtureNotes' as SearchKind, query: 'braai recipe' },
    );
    expect(page.nodes.map((n) => (n as FixtureNote).title)).toEqual(['braai recipe for twelve']);
    expect(page.nodes[0]).toBeInstanceOf(FixtureNote);
  });
});
