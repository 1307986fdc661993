/**
 * Webhooks (issue 15 item 4) as a member uses them: in the profile's Settings tab, "Add webhook" registers a URL of a
 * receiver on 127.0.0.1 (WEBHOOKS_ALLOW_HTTP_LOOPBACK) and shows its signing secret once; another member follows
 * them; the receiver gets one signed POST that verifies with that secret; the delivery shows as Delivered after a
 * reload; Delete asks first and empties the list.
 *
 * One server for the file.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { browserSuite } from '../support/suite';

const suite = browserSuite({
  RATE_SIGNUP_PER_IP: '1000',
  RATE_SIGNIN_PER_IP: '1000',
  WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true',
  WEBHOOKS_POLL_MS: '200',
});
const { gql } = suite;

const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
let receiver: http.Server;
let hookUrl: string;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/saffa`;
});
afterAll(() => new Promise((resolve) => receiver.close(resolve)));

/** The check docs/api.md gives integrators. */
function verified(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2)));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return (
    Math.abs(Date.now() / 1000 - Number(parts.t)) < 300 &&
    given.length === expected.length &&
    timingSafeEqual(given, expected)
  );
}

describe('webhooks', () => {
  test('add a webhook in Settings, see its secret once, receive a signed delivery of a new follower, delete it', async () => {
    const a = await suite.page();
    const me = await suite.signUp(a.context, 'Wanda', 'Webhook');
    await a.page.goto('/profile?tab=settings');
    const section = a.page.getByTestId('webhooks');
    await section.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await section.getByText('You have no webhooks.').waitFor();

    await section.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = a.page.getByTestId('create-webhook-dialog');
    await dialog.getByTestId('webhook-url').fill(hookUrl);
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    const secret = (await a.page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await a.page.getByTestId('webhook-created-dialog').getByRole('button', { name: 'Done' }).click();
    await section.getByTestId('webhook').getByText(hookUrl).waitFor();
    await section.getByText('No deliveries yet.').waitFor();

    const b = await suite.page();
    const follower = await suite.signUp(b.context, 'Farai', 'Follower');
    await gql(b.context, 'mutation($u: ID!) { followMember(userId: $u) { id } }', { u: me.id });
    for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(received).toHaveLength(1);
    const [hit] = received;
    expect(hit.headers['saffa-event']).toBe('newFollower');
    expect(verified(secret, String(hit.headers['saffa-signature']), hit.body)).toBe(true);
    expect(JSON.parse(hit.body).data.follower).toEqual({ id: follower.id, name: 'Farai Follower' });

    await a.page.reload();
    const row = a.page.getByTestId('webhook-delivery');
    await row.getByText('Delivered').waitFor();
    await row.getByText('New follower').waitFor();
    // The secret is never shown again.
    expect(await a.page.content()).not.toContain(secret);

    await a.page.getByRole('button', { name: `Delete ${hookUrl}` }).click();
    const confirm = a.page.getByTestId('delete-webhook-dialog');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await section.getByText('You have no webhooks.').waitFor();
  });
});
