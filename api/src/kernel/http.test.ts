import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { Context } from './context';
import { DomainError, forbidden, GENERIC_MESSAGE } from './errors';
import { privateFileRoute } from './http';

/** The one route shape behind the CV download and the vault file: every answer as a browser would get it. */
describe('privateFileRoute', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const app = express();
    app.use(
      privateFileRoute('/files/:id', {
        contextOf: async () => ({ viewer: null }) as unknown as Context,
        log: pino({ level: 'silent' }),
        what: 'test file',
        disposition: 'attachment',
        csp: (f) => `default-src 'none'; x-${f.mime.replace('/', '-')}`,
        read: async (_ctx, id) => {
          if (id === 'theirs') throw forbidden('Not yours.');
          if (id === 'missing') throw new DomainError('NOT_FOUND', 'File not found');
          if (id === 'broken') throw new Error('disk on fire');
          return { bytes: Buffer.from('%PDF-1.4 hello'), mime: 'application/pdf', fileName: 'Mé "cv".pdf' };
        },
      }),
    );
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('sends the file with its type, both filename forms and the CSP; private, never cached, never sniffed', async () => {
    const res = await fetch(`${base}/files/mine`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="M_ _cv_.pdf"; filename*=UTF-8''M%C3%A9%20%22cv%22.pdf`,
    );
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; x-application-pdf");
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe('%PDF-1.4 hello');
  });

  it("answers a domain error's status with its message as text, and anything else with the generic 500", async () => {
    const theirs = await fetch(`${base}/files/theirs`);
    expect([theirs.status, await theirs.text()]).toEqual([403, 'Not yours.']);
    expect(theirs.headers.get('cache-control')).toBe('private, no-store');
    const missing = await fetch(`${base}/files/missing`);
    expect([missing.status, await missing.text()]).toEqual([404, 'File not found']);
    const broken = await fetch(`${base}/files/broken`);
    expect([broken.status, await broken.text()]).toEqual([500, GENERIC_MESSAGE]);
  });
});
