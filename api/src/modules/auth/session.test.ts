import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { buildSession, buildUser } from '../../test/factories';
import { codeOf, gql } from '../../test/helpers';
import { deviceOf } from './session.rules';
import { LAST_SEEN_EVERY_SECONDS } from './session.service';

/** Issue 24, finding 18: a member sees and ends their sessions (Settings, Sessions and tokens). */
const SESSIONS = `{ mySessions { id device createdAt lastSeenAt expiresAt current } }`;
const END = `mutation($id: ID!) { endSession(id: $id) }`;
const END_OTHERS = `mutation { endOtherSessions }`;
const ME = `{ me { id } }`;
const NOWHERE = '00000000-0000-4000-8000-000000000000';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 ' +
  'Mobile/15E148 Safari/604.1';

async function signedIn(userAgent: string, userId?: string) {
  const user = userId ?? (await buildUser()).id;
  const { session, token } = await buildSession({ memberId: user, userAgent });
  return { userId: user, session, token, run: (q: string, v: Record<string, unknown> = {}) => gql(q, v, { token }) };
}

const lastSeen = async (id: string) =>
  new Date((await db().query('SELECT last_seen_at FROM sessions WHERE id = $1', [id]))[0].last_seen_at).getTime();

describe('sessions', () => {
  it('requires authentication', async () => {
    expect(codeOf(await gql(SESSIONS))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(END, { id: NOWHERE }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(END_OTHERS))).toBe('UNAUTHENTICATED');
  });

  it('lists your own sessions, this one first, with the device and when last seen', async () => {
    const laptop = await signedIn(CHROME_WINDOWS);
    const phone = await signedIn(SAFARI_IPHONE, laptop.userId);
    await signedIn(CHROME_WINDOWS); // someone else's
    const list = (await phone.run(SESSIONS)).data.mySessions;
    expect(list.map((s: { id: string }) => s.id)).toEqual([phone.session.id, laptop.session.id]);
    expect(list[0]).toMatchObject({ device: 'Safari on iPhone', current: true });
    expect(list[1]).toMatchObject({ device: 'Chrome on Windows', current: false });
    expect(JSON.stringify(list)).not.toContain(laptop.token);
  });

  it('notes when a session was last seen at most once every few minutes, not on every request', async () => {
    const s = await signedIn(CHROME_WINDOWS);
    await db().query(`UPDATE sessions SET last_seen_at = now() - interval '1 hour' WHERE id = $1`, [s.session.id]);
    const before = await lastSeen(s.session.id);
    await s.run(ME);
    const touched = await lastSeen(s.session.id);
    expect(touched - before).toBeGreaterThan(3_000_000);
    await s.run(ME);
    await s.run(ME);
    expect(await lastSeen(s.session.id)).toBe(touched);
    expect(LAST_SEEN_EVERY_SECONDS).toBeGreaterThanOrEqual(60);
  });

  it("ends one of your sessions at once, never someone else's (NOT_FOUND, nothing ends)", async () => {
    const laptop = await signedIn(CHROME_WINDOWS);
    const phone = await signedIn(SAFARI_IPHONE, laptop.userId);
    const stranger = await signedIn(CHROME_WINDOWS);
    expect(codeOf(await stranger.run(END, { id: phone.session.id }))).toBe('NOT_FOUND');
    expect(codeOf(await laptop.run(END, { id: 'nope' }))).toBe('BAD_USER_INPUT');
    expect((await phone.run(ME)).data.me).toEqual({ id: laptop.userId });
    expect((await laptop.run(END, { id: phone.session.id })).data.endSession).toBe(phone.session.id);
    expect((await phone.run(ME)).data.me).toBeNull();
    expect((await laptop.run(ME)).data.me).toEqual({ id: laptop.userId });
  });

  it('"Sign out other sessions" ends every other session of yours and keeps this one', async () => {
    const here = await signedIn(CHROME_WINDOWS);
    const others = await Promise.all([signedIn(SAFARI_IPHONE, here.userId), signedIn(SAFARI_IPHONE, here.userId)]);
    const stranger = await signedIn(CHROME_WINDOWS);
    expect((await here.run(END_OTHERS)).data.endOtherSessions).toBe(2);
    for (const o of others) expect((await o.run(ME)).data.me).toBeNull();
    expect((await here.run(SESSIONS)).data.mySessions.map((s: { id: string }) => s.id)).toEqual([here.session.id]);
    expect((await stranger.run(ME)).data.me).toEqual({ id: stranger.userId });
  });

  it('a personal access token can neither list nor end sessions (FORBIDDEN)', async () => {
    const s = await signedIn(CHROME_WINDOWS);
    const made = await s.run(`mutation { createAccessToken(input: { name: "x", scope: readWrite }) { secret } }`);
    const bearer = made.data.createAccessToken.secret as string;
    expect(codeOf(await gql(SESSIONS, {}, { bearer }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(END, { id: s.session.id }, { bearer }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(END_OTHERS, {}, { bearer }))).toBe('FORBIDDEN');
    expect((await s.run(ME)).data.me).toEqual({ id: s.userId });
  });

  it('names devices from their user agents', () => {
    expect(deviceOf(CHROME_WINDOWS)).toBe('Chrome on Windows');
    expect(deviceOf(SAFARI_IPHONE)).toBe('Safari on iPhone');
    expect(deviceOf('Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox on Linux',
    );
    expect(
      deviceOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 ' +
          'Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on macOS');
    expect(deviceOf(null)).toBe('Unknown device');
    expect(deviceOf('curl/8.5.0')).toBe('Unknown device');
  });
});
