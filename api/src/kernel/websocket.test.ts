import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { SESSION_ENDED, SocketsBySession } from './websocket';

/** A socket stand-in: records how it was closed and emits `close` as ws does. */
class FakeSocket extends EventEmitter {
  closedWith: number | null = null;
  close(code?: number) {
    this.closedWith = code ?? null;
    this.emit('close');
  }
}

describe('SocketsBySession', () => {
  it('closes the sockets of sessions and tokens that have expired, and only those', () => {
    const sockets = new SocketsBySession<FakeSocket>();
    const now = new Date('2026-11-24T12:00:00Z');
    const expired = [new FakeSocket(), new FakeSocket()];
    const later = new FakeSocket();
    const never = new FakeSocket();
    for (const ws of expired) sockets.add('session-a', 'a', ws, new Date(now.getTime() - 1));
    sockets.add('session-b', 'b', later, new Date(now.getTime() + 60_000));
    sockets.add('token-c', 'c', never, null);

    sockets.endExpired(now);
    expect(expired.map((ws) => ws.closedWith)).toEqual([SESSION_ENDED, SESSION_ENDED]);
    expect([later.closedWith, never.closedWith]).toEqual([null, null]);

    // A minute later the second session has expired too; a token without expiry never does.
    sockets.endExpired(new Date(now.getTime() + 60_000));
    expect(later.closedWith).toBe(SESSION_ENDED);
    expect(never.closedWith).toBeNull();
  });

  it('forgets a socket that closed by itself, so a later expiry closes nothing twice', () => {
    const sockets = new SocketsBySession<FakeSocket>();
    const ws = new FakeSocket();
    sockets.add('session', 't', ws, new Date(0));
    ws.close(1000);
    sockets.endExpired(new Date());
    expect(ws.closedWith).toBe(1000);
  });

  it('takes an expiry learnt after the connect, for sessions still open only', () => {
    const sockets = new SocketsBySession<FakeSocket>();
    const ws = new FakeSocket();
    sockets.add('session', 't', ws);
    sockets.expires('session', new Date(0));
    sockets.expires('gone', new Date(0));
    sockets.endExpired(new Date());
    expect(ws.closedWith).toBe(SESSION_ENDED);
  });

  it('ends a session on demand (sign-out, revocation, suspension) whatever its expiry', () => {
    const sockets = new SocketsBySession<FakeSocket>();
    const ws = new FakeSocket();
    sockets.add('session', 't', ws, null);
    sockets.end('session');
    expect(ws.closedWith).toBe(SESSION_ENDED);
  });
});
