/**
 * `npm run admin -- grant <email>` promotes a member, against the same database a running server uses;
 * ADMIN_EMAILS makes a member admin at sign-up.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT, signedUpClient, startApp, uniqueEmail, type App } from '../support/app';

const run = promisify(execFile);
const boss = uniqueEmail('boss');
let app: App;

beforeAll(async () => {
  app = await startApp({ ADMIN_EMAILS: boss });
});
afterAll(async () => {
  await app?.stop();
});

function admin(...args: string[]) {
  return run(process.execPath, [path.join(REPO_ROOT, 'api/dist/cli/admin.js'), ...args], {
    env: { ...process.env, DATABASE_URL: app.databaseUrl, LOG_LEVEL: 'silent' },
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );
}

describe('admin command', () => {
  test('grant promotes a member to admin', async () => {
    const m = await signedUpClient(app.url);
    expect(m.user.role).toBe('user');
    const r = await admin('grant', m.input.email);
    expect(r.code).toBe(0);
    expect(r.out).toContain('is now an admin');
    expect((await m.client.get('/api/auth/user')).json.role).toBe('admin');
  });

  test('an unknown e-mail fails with a message; a missing argument prints the usage', async () => {
    const unknown = await admin('grant', 'nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('not found');
    const usage = await admin('grant');
    expect(usage.code).toBe(2);
    expect(usage.out).toContain('Usage: npm run admin -- grant <email>');
  });

  test('an e-mail listed in ADMIN_EMAILS signs up as an admin', async () => {
    const m = await signedUpClient(app.url, { email: boss });
    expect(m.user.role).toBe('admin');
  });
});
