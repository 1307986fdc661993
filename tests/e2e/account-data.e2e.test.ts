/**
 * A member's control over their data (issue 13): in the profile's Settings tab, "Download my data" asks for the
 * sign-in password (a wrong one is refused at the field, issue 24) and gives the browser one zip whose posts file
 * holds the member's post and not another member's; "Delete account" asks for
 * the sign-in password (a wrong one changes nothing), then deletes the account, signs the member out onto the
 * landing screen, and signing in with the old password fails.
 *
 * One server for the file.
 */
import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import * as yauzl from 'yauzl';
import { browserSuite } from '../support/suite';

const suite = browserSuite();
const { gql } = suite;

const CREATE_POST = `mutation($i: CreatePostInput!) { createPost(input: $i) { id } }`;

/** The text files of a zip, by name (binary entries are read too, as text is enough to check them here). */
async function zipEntries(file: string): Promise<Map<string, string>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  const out = new Map<string, string>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          out.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
          zip.readEntry();
        });
      }),
    );
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  zip.close();
  return out;
}

describe('your data', () => {
  test('download the data archive after the password (a wrong one refused at the field): a zip with the member’s posts and nobody else’s', async () => {
    const other = await suite.page();
    await suite.signUp(other.context, 'Bokkie', 'Other');
    await gql(other.context, CREATE_POST, { i: { content: 'Bokkie keeps this to herself' } });

    const a = await suite.page({ acceptDownloads: true });
    const me = await suite.signUp(a.context, 'Anika', 'Archive');
    const { createPost } = await gql(a.context, CREATE_POST, { i: { content: 'Braai at Anika’s on Saturday' } });

    await a.page.goto('/profile?tab=settings');
    const section = a.page.getByTestId('your-data');
    await section.getByRole('heading', { name: 'Your data' }).waitFor();
    // The archive needs the sign-in password: a wrong one is refused at the field, and nothing is downloaded.
    await section.getByRole('button', { name: 'Download my data' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Download your data' });
    const password = dialog.getByLabel('Your password');
    await password.fill('not my password');
    await password.press('Enter');
    await dialog.getByTestId('download-password-error').filter({ hasText: 'That password is not correct.' }).waitFor();
    // A session alone (no password, as an old client's GET) gets no archive either.
    const bare = await a.context.request.get('/api/me/export');
    expect(bare.status()).toBe(403);
    expect(await bare.text()).toMatch(/needs your sign-in password/);
    await password.fill(me.input.password);
    const [download] = await Promise.all([
      a.page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    await dialog.waitFor({ state: 'detached' });
    expect(download.suggestedFilename()).toMatch(/^saffa-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 2).toString('latin1')).toBe('PK');
    const entries = await zipEntries(file);
    const posts = JSON.parse(entries.get('data/posts.json')!) as Array<{
      id: string;
      content: string;
      author_id: string;
    }>;
    expect(posts).toEqual([
      expect.objectContaining({ id: createPost.id, content: 'Braai at Anika’s on Saturday', author_id: me.id }),
    ]);
    expect([...entries.values()].some((text) => text.includes('Bokkie keeps this to herself'))).toBe(false);
    expect(JSON.parse(entries.get('manifest.json')!).member.id).toBe(me.id);

    // Asked again at once: the member is told when they can download again.
    await section.getByRole('button', { name: 'Download my data' }).click();
    await dialog.getByLabel('Your password').fill(me.input.password);
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: 'You downloaded your data a moment ago.' }).waitFor();
  }, 120_000);

  test('delete an account: a wrong password changes nothing; then signed out on the landing screen, and signing in fails', async () => {
    const a = await suite.page();
    const me = await suite.signUp(a.context, 'Dawid', 'Delete');
    await gql(a.context, CREATE_POST, { i: { content: 'Soon gone' } });

    await a.page.goto('/profile?tab=settings');
    await a.page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = a.page.getByRole('alertdialog');
    await dialog.getByText('any business page you own, with its reviews and job vacancies').waitFor();
    const password = dialog.getByLabel(/Your password/);
    await password.fill('not my password');
    await password.press('Enter');
    await dialog.getByText('That password is not correct.').waitFor();
    expect((await gql(a.context, '{ me { id } }')).me.id).toBe(me.id);

    await password.fill(me.input.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await a.page.getByTestId('auth-card').waitFor({ timeout: 15_000 });
    expect(new URL(a.page.url()).pathname).toBe('/');
    expect((await gql(a.context, '{ me { id } }')).me).toBeNull();

    // Signing in with the old e-mail and password fails, on the landing screen as through the API.
    await a.page.getByTestId('auth-card').getByRole('button', { name: 'Email' }).click();
    const form = a.page.getByRole('form', { name: 'Sign in with email' });
    await form.getByRole('textbox', { name: 'Email' }).fill(me.input.email);
    await form.getByLabel('Password').fill(me.input.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await a.page.getByText('Invalid email or password.').first().waitFor();
    const login = await a.context.request.post('/api/auth/login', {
      data: { email: me.input.email, password: me.input.password },
    });
    expect(login.status()).toBe(401);
  }, 120_000);
});
