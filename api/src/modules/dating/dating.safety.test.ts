/**
 * Dating safety (issue 24): each test performs the attack the issue reproduced and shows it refused.
 * - finding 1: an alias's position trilaterated to 20 m from Discover's distances;
 * - finding 3: a member's own block of a real account as an oracle for which alias is theirs;
 * - finding 21: unmatch, block an alias, report an alias, with the chat closed for both sides.
 */
import { describe, expect, it } from 'vitest';
import { COARSEN_POSITIONS } from '../../db/migrations/1795810000000-DatingSafety';
import { db } from '../../kernel/database';
import { buildDatingAlias, buildUser } from '../../test/factories';
import { codeOf, files, gql } from '../../test/helpers';
import { Role, User } from '../users/user.entity';
import { DatingAlias } from './dating-alias.entity';
import { CHAT_CLOSED } from './dating.conversation';
import { MOVES_PER_DAY } from './dating.options';
import { coarsePosition } from './dating.position';
// The composition root registers the dating origin, its rules and the alias reportable.
import '../../schema';

const SAVE = `mutation($input: SaveDatingAliasInput!) { saveDatingAlias(input: $input) { id } }`;
const DISCOVER = `{ datingProfiles(first: 100) { id distanceKm } }`;
const REACT =
  `mutation($id: ID!, $kind: String!) { reactToDatingAlias(aliasId: $id, kind: $kind) { kind match { id ` + `} } }`;
const MATCHES = `{ datingMatches { nodes { id endedAt alias { id } } } }`;
const BLOCK_MEMBER = `mutation($id: ID!) { blockMember(userId: $id) { id } }`;
const BLOCK_ALIAS = `mutation($id: ID!) { blockDatingAlias(aliasId: $id) }`;
const UNMATCH = `mutation($id: ID!) { unmatchDating(matchId: $id) { id endedAt } }`;
const START =
  `mutation($id: ID!) { startConversation(input: { datingMatchId: $id }) { id datingMatch { id endedAt ` +
  `alias { id } } } }`;
const SEND = `mutation($c: ID!, $body: String!) { sendMessage(conversationId: $c, body: $body) { id } }`;
const REPORT = `mutation($id: ID!) { reportContent(kind: alias, subjectId: $id, reason: harassment) { id } }`;

/** A place of its own for each test, far from the others' aliases (every test file shares one database). */
const somewhere = () => ({
  latitude: Math.round((Math.random() * 100 - 50) * 1e3) / 1e3,
  longitude: Math.round((Math.random() * 300 - 150) * 1e3) / 1e3,
});

async function aliasAt(
  member: User,
  place: { latitude: number; longitude: number },
  input: Record<string, unknown> = {},
): Promise<string> {
  const r = await gql(
    SAVE,
    {
      input: {
        aliasName: 'Alias',
        age: 30,
        bio: 'Hi',
        interests: 'jazz',
        lookingFor: 'friend',
        gender: 'female',
        interestedIn: 'everyone',
        radiusKm: 100,
        ...place,
        ...input,
      },
    },
    { as: member },
  );
  expect(r.errors).toBeUndefined();
  return r.data.saveDatingAlias.id as string;
}

const stored = async (id: string) => {
  const a = await db().getRepository(DatingAlias).findOneByOrFail({ id });
  return { latitude: a.latitude, longitude: a.longitude };
};
const seen = async (viewer: User) =>
  (await gql(DISCOVER, {}, { as: viewer })).data.datingProfiles as Array<{ id: string; distanceKm: number }>;

/** Two members whose aliases matched, with the conversation of their match started by the first. */
async function matchedPair() {
  const place = somewhere();
  const [a, b] = [await buildUser({ firstName: 'Realalice', lastName: 'Secretsurname' }), await buildUser()];
  const aliasA = await aliasAt(a, place, { aliasName: 'Alpha', photos: [files.png] });
  const aliasB = await aliasAt(b, place, { aliasName: 'Bravo' });
  await gql(REACT, { id: aliasB, kind: 'like' }, { as: a });
  const matchId = (await gql(REACT, { id: aliasA, kind: 'like' }, { as: b })).data.reactToDatingAlias.match
    .id as string;
  const conversation = (await gql(START, { id: matchId }, { as: a })).data.startConversation.id as string;
  expect((await gql(START, { id: matchId }, { as: b })).data.startConversation.id).toBe(conversation);
  return { a, b, aliasA, aliasB, matchId, conversation, place };
}

describe('dating safety', () => {
  it('requires authentication for the safety operations', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect(codeOf(await gql(BLOCK_ALIAS, { id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(UNMATCH, { id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(REPORT, { id }))).toBe('UNAUTHENTICATED');
  });

  describe('finding 1: an alias keeps only its 5 km cell', () => {
    it('trilateration: from four chosen spots, two victims 0.9 km apart in one cell read the same distance, in 5 km steps, and are stored as the same cell centre', async () => {
      const centre = coarsePosition(somewhere().latitude, somewhere().longitude);
      const v1 = { latitude: centre.latitude + 0.003, longitude: centre.longitude + 0.004 };
      const v2 = { latitude: centre.latitude - 0.004, longitude: centre.longitude - 0.003 };
      const [victim1, victim2] = [await aliasAt(await buildUser(), v1), await aliasAt(await buildUser(), v2)];
      // Stored: the cell's centre only; the precise positions are nowhere.
      expect(await stored(victim1)).toEqual(centre);
      expect(await stored(victim2)).toEqual(centre);
      const attacker = await buildUser();
      const spots = [
        { latitude: centre.latitude + 0.1, longitude: centre.longitude },
        { latitude: centre.latitude - 0.1, longitude: centre.longitude + 0.02 },
        { latitude: centre.latitude + 0.01, longitude: centre.longitude + 0.12 },
        { latitude: centre.latitude - 0.02, longitude: centre.longitude - 0.12 },
      ];
      for (const spot of spots) {
        await aliasAt(attacker, spot);
        const found = await seen(attacker);
        const d1 = found.find((f) => f.id === victim1)!.distanceKm;
        const d2 = found.find((f) => f.id === victim2)!.distanceKm;
        expect(d1).toBe(d2);
        expect(d1 % 5).toBe(0);
        expect(d1).toBeGreaterThanOrEqual(5);
      }
    });

    it(`a member moves their alias to another cell at most ${MOVES_PER_DAY} times a day; then it keeps its cell and the rest still saves`, async () => {
      const member = await buildUser();
      const start = somewhere();
      const id = await aliasAt(member, start);
      for (let i = 1; i <= MOVES_PER_DAY; i++) {
        const to = { latitude: start.latitude + 0.1 * i, longitude: start.longitude };
        await aliasAt(member, to);
        expect(await stored(id)).toEqual(coarsePosition(to.latitude, to.longitude));
      }
      const kept = await stored(id);
      await aliasAt(
        member,
        { latitude: start.latitude - 0.5, longitude: start.longitude + 0.5 },
        { bio: 'Still saved' },
      );
      expect(await stored(id)).toEqual(kept);
      expect((await db().getRepository(DatingAlias).findOneByOrFail({ id })).bio).toBe('Still saved');
    });

    it('Discover sorts by the shown distance step, then by alias id (nothing finer leaks through the order)', async () => {
      const place = somewhere();
      for (let i = 0; i < 8; i++)
        await aliasAt(await buildUser(), {
          latitude: place.latitude + (i % 4) * 0.03,
          longitude: place.longitude + i * 0.02,
        });
      const viewer = await buildUser();
      await aliasAt(viewer, place);
      const found = await seen(viewer);
      expect(found.length).toBeGreaterThanOrEqual(8);
      for (const f of found) expect(f.distanceKm % 5).toBe(0);
      for (let i = 1; i < found.length; i++) {
        const [p, n] = [found[i - 1], found[i]];
        expect(
          p.distanceKm < n.distanceKm || (p.distanceKm === n.distanceKm && p.id < n.id),
          `${p.id} ${p.distanceKm} before ${n.id} ${n.distanceKm}`,
        ).toBe(true);
      }
      // A shorter page is the start of the same order (where a page ends says nothing finer either).
      for (const first of [1, 3, 5]) {
        const page = (
          await gql(`query($first: Int) { datingProfiles(first: $first) { id distanceKm } }`, { first }, { as: viewer })
        ).data.datingProfiles;
        expect(page).toEqual(found.slice(0, first));
      }
    });

    it('the migration coarsens the precise positions stored before it, exactly as a save does', async () => {
      const member = await buildUser();
      const precise = { latitude: -33.924913, longitude: 18.424107 };
      const { id } = await buildDatingAlias({ memberId: member.id, aliasName: 'Old', bio: 'x', ...precise });
      await db().query(COARSEN_POSITIONS);
      const after = await stored(id);
      const expected = coarsePosition(precise.latitude, precise.longitude);
      expect(after.latitude).toBeCloseTo(expected.latitude, 9);
      expect(after.longitude).toBeCloseTo(expected.longitude, 9);
      expect(after).not.toEqual(precise);
    });
  });

  describe("finding 3: a member's own block is no oracle for which alias is whose", () => {
    it("blocking the victim's real account changes nothing the blocker sees of aliases: Discover, reacting, matches and the alias chat", async () => {
      const place = somewhere();
      const [attacker, victim, other] = [await buildUser(), await buildUser(), await buildUser()];
      const victimAlias = await aliasAt(victim, place, { aliasName: 'Victim' });
      await aliasAt(other, place, { aliasName: 'Other' });
      const attackerAlias = await aliasAt(attacker, place, { aliasName: 'Attacker' });
      const before = await seen(attacker);
      expect(before.map((f) => f.id)).toContain(victimAlias);
      // The victim's alias had liked the attacker's, so the attacker's like below makes a match.
      await gql(REACT, { id: attackerAlias, kind: 'like' }, { as: victim });
      expect((await gql(BLOCK_MEMBER, { id: victim.id }, { as: attacker })).errors).toBeUndefined();
      expect(await seen(attacker)).toEqual(before);
      const liked = await gql(REACT, { id: victimAlias, kind: 'like' }, { as: attacker });
      expect(liked.errors).toBeUndefined();
      const matchId = liked.data.reactToDatingAlias.match.id as string;
      expect(
        (await gql(MATCHES, {}, { as: attacker })).data.datingMatches.nodes.map((m: { id: string }) => m.id),
      ).toEqual([matchId]);
      // The alias chat starts and takes messages both ways: the member block does not reach it.
      const started = await gql(START, { id: matchId }, { as: attacker });
      expect(started.errors).toBeUndefined();
      const c = started.data.startConversation.id as string;
      expect((await gql(SEND, { c, body: 'Hi' }, { as: attacker })).errors).toBeUndefined();
      expect((await gql(SEND, { c, body: 'Hello' }, { as: victim })).errors).toBeUndefined();
    });

    it("a block the alias's owner made keeps their alias from the member they blocked (who cannot steer it)", async () => {
      const place = somewhere();
      const [owner, blocked] = [await buildUser(), await buildUser()];
      const ownerAlias = await aliasAt(owner, place);
      await aliasAt(blocked, place);
      await gql(BLOCK_MEMBER, { id: blocked.id }, { as: owner });
      expect((await seen(blocked)).map((f) => f.id)).not.toContain(ownerAlias);
      expect(codeOf(await gql(REACT, { id: ownerAlias, kind: 'like' }, { as: blocked }))).toBe('NOT_FOUND');
    });
  });

  describe('finding 21: unmatch, block an alias, report an alias', () => {
    it('unmatch from the chat closes it for both sides: the match leaves both lists, neither can send, both see it ended', async () => {
      const { a, b, matchId, conversation } = await matchedPair();
      expect((await gql(SEND, { c: conversation, body: 'Hi' }, { as: b })).errors).toBeUndefined();
      // Only the two sides may unmatch; anyone else does not find the match.
      const stranger = await buildUser();
      await aliasAt(stranger, somewhere());
      expect(codeOf(await gql(UNMATCH, { id: matchId }, { as: stranger }))).toBe('NOT_FOUND');
      const ended = await gql(UNMATCH, { id: matchId }, { as: a });
      expect(ended.errors).toBeUndefined();
      expect(ended.data.unmatchDating.endedAt).not.toBeNull();
      for (const side of [a, b]) {
        expect((await gql(MATCHES, {}, { as: side })).data.datingMatches.nodes).toEqual([]);
        const sent = await gql(SEND, { c: conversation, body: 'Still there?' }, { as: side });
        expect(codeOf(sent)).toBe('FORBIDDEN');
        expect(sent.errors![0].message).toBe(CHAT_CLOSED);
        const chat = await gql(
          `query($id: ID!) { conversation(id: $id) { datingMatch { id endedAt } } }`,
          { id: conversation },
          { as: side },
        );
        expect(chat.data.conversation.datingMatch).toMatchObject({ id: matchId, endedAt: expect.any(String) });
      }
      // Unmatching again changes nothing; they do not match again.
      expect((await gql(UNMATCH, { id: matchId }, { as: b })).errors).toBeUndefined();
    });

    it('blocking an alias: it never appears to the blocker again, the blocker no longer appears to it, and their chat closes', async () => {
      const { a, b, aliasA, aliasB, conversation, place } = await matchedPair();
      expect(codeOf(await gql(BLOCK_ALIAS, { id: aliasA }, { as: a }))).toBe('BAD_USER_INPUT');
      expect((await gql(BLOCK_ALIAS, { id: aliasB }, { as: a })).data.blockDatingAlias).toBe(true);
      expect(codeOf(await gql(SEND, { c: conversation, body: 'Hi' }, { as: b }))).toBe('FORBIDDEN');
      expect(codeOf(await gql(SEND, { c: conversation, body: 'Hi' }, { as: a }))).toBe('FORBIDDEN');
      expect((await gql(MATCHES, {}, { as: b })).data.datingMatches.nodes).toEqual([]);
      // Even after both save their aliases again (a new cell, the same place), neither appears to the other.
      await aliasAt(a, place);
      await aliasAt(b, place);
      expect((await seen(a)).map((f) => f.id)).not.toContain(aliasB);
      expect((await seen(b)).map((f) => f.id)).not.toContain(aliasA);
      expect(codeOf(await gql(REACT, { id: aliasA, kind: 'wink' }, { as: b }))).toBe('NOT_FOUND');
      // A block made before any reaction also stops a match from forming.
      const [c, d] = [await buildUser(), await buildUser()];
      const [aliasC, aliasD] = [await aliasAt(c, place), await aliasAt(d, place)];
      await gql(REACT, { id: aliasC, kind: 'like' }, { as: d });
      await gql(BLOCK_ALIAS, { id: aliasD }, { as: c });
      expect(codeOf(await gql(REACT, { id: aliasD, kind: 'like' }, { as: c }))).toBe('CONFLICT');
      expect((await gql(MATCHES, {}, { as: d })).data.datingMatches.nodes).toEqual([]);
    });

    it("reporting an alias: admins see the alias, never the member behind it; a moderator's suspension and removal still work", async () => {
      const { a, b, aliasA } = await matchedPair();
      expect(codeOf(await gql(REPORT, { id: aliasA }, { as: a }))).toBe('FORBIDDEN'); // one's own alias
      // no alias of one's own
      expect(codeOf(await gql(REPORT, { id: aliasA }, { as: await buildUser() }))).toBe('NOT_FOUND');
      // b blocks a's real account first: the report still goes through (a block is no oracle here either).
      await gql(BLOCK_MEMBER, { id: a.id }, { as: b });
      expect((await gql(REPORT, { id: aliasA }, { as: b })).errors).toBeUndefined();
      const admin = await buildUser({ role: Role.admin });
      const QUEUE =
        `{ moderationQueue(kind: alias, first: 100) { nodes { id subjectId content { authorId author { ` +
        `id firstName lastName email } text mediaUrls url removed } } } }`;
      const entry = (await gql(QUEUE, {}, { as: admin })).data.moderationQueue.nodes.find(
        (n: { subjectId: string }) => n.subjectId === aliasA,
      );
      expect(entry.content).toMatchObject({ authorId: null, author: null, removed: false, url: null });
      expect(entry.content.text).toContain('Alpha');
      expect(entry.content.mediaUrls).toHaveLength(1);
      const shown = JSON.stringify(entry);
      for (const leak of [a.id, 'Realalice', 'Secretsurname', a.email!]) expect(shown).not.toContain(leak);
      // The moderator acts on it: suspending reaches the member behind the alias, and the suspension removes what of
      // theirs was reported, this alias among it (issue 24, finding 20).
      const suspended = await gql(
        `mutation($id: ID!) { suspendReportedAuthor(id: $id) { status } }`,
        { id: entry.id },
        { as: admin },
      );
      expect(suspended.errors).toBeUndefined();
      expect((await db().getRepository(User).findOneByOrFail({ id: a.id })).suspendedAt).not.toBeNull();
      expect(await db().getRepository(DatingAlias).findOneBy({ id: aliasA })).toBeNull();
      // Removing a reported alias deletes it.
      const other = await matchedPair();
      expect((await gql(REPORT, { id: other.aliasA }, { as: other.b })).errors).toBeUndefined();
      const again = (await gql(QUEUE, {}, { as: admin })).data.moderationQueue.nodes.find(
        (n: { subjectId: string }) => n.subjectId === other.aliasA,
      );
      expect(
        (await gql(`mutation($id: ID!) { removeReportedContent(id: $id) { status } }`, { id: again.id }, { as: admin }))
          .errors,
      ).toBeUndefined();
      expect(await db().getRepository(DatingAlias).findOneBy({ id: other.aliasA })).toBeNull();
    });

    it("reporting a message of the match's chat: the reporter's block of the sender's account changes nothing, and admins see the message, never its sender", async () => {
      const { a, b, conversation } = await matchedPair();
      const message = (await gql(SEND, { c: conversation, body: 'rude words' }, { as: a })).data.sendMessage
        .id as string;
      await gql(BLOCK_MEMBER, { id: a.id }, { as: b });
      const reported = await gql(
        `mutation($id: ID!) { reportContent(kind: directMessage, subjectId: $id, reason: harassment) { id } }`,
        { id: message },
        { as: b },
      );
      expect(reported.errors).toBeUndefined();
      const admin = await buildUser({ role: Role.admin });
      const QUEUE =
        `{ moderationQueue(kind: directMessage, first: 100) { nodes { subjectId content { authorId ` +
        `author { id firstName } text } } } }`;
      const entry = (await gql(QUEUE, {}, { as: admin })).data.moderationQueue.nodes.find(
        (n: { subjectId: string }) => n.subjectId === message,
      );
      expect(entry.content).toEqual({ authorId: null, author: null, text: 'rude words' });
    });
  });
});
