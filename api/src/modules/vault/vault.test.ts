import express from 'express';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { httpContext } from '../../context';
import { db } from '../../kernel/database';
import { readPrivate } from '../../kernel/media';
import { settings } from '../../kernel/settings';
import { buildSession, buildUser } from '../../test/factories';
import { codeOf, files, gql, silentLog } from '../../test/helpers';
import { Notification } from '../notifications/notification.entity';
import type { User } from '../users/user.entity';
import { VaultDocument } from './vault-document.entity';
import { VaultKey } from './vault-key.entity';
import { open, passwordKey } from './vault.crypto';
import { vaultRoutes } from './vault.routes';
import { isExpiringSoon, readVaultFile } from './vault-documents.service';
import { sendDueReminders } from './vault-reminders';

const STATE =
  `{ vault { hasPassword unlocked unlockedUntil minPasswordLength defaultReminderDays unlockMinutes ` +
  `documentTypes } }`;
const SET = `mutation($p: String!) { setVaultPassword(password: $p) { hasPassword unlocked unlockedUntil } }`;
const UNLOCK = `mutation($p: String!) { unlockVault(password: $p) { unlocked } }`;
const LOCK = `mutation { lockVault { unlocked } }`;
const CHANGE =
  `mutation($c: String!, $n: String!) { changeVaultPassword(currentPassword: $c, newPassword: $n) { ` + `unlocked } }`;
const ADD =
  `mutation($input: VaultDocumentInput!, $key: String) { addVaultDocument(input: $input, idempotencyKey: ` +
  `$key) {
  id documentName documentType expirationDate reminderDays mimeType fileSize fileUrl expiringSoon expired } }`;
const LIST = `{ vaultDocuments { nodes { id documentName } pageInfo { hasNextPage } } }`;
const DELETE = `mutation($id: ID!) { deleteVaultDocument(id: $id) }`;

const PASSWORD = 'kruger park 1998';
const PNG = Buffer.from(files.png.split(',')[1], 'base64');
const dataUrl = (bytes: Buffer, mime = 'application/octet-stream') => `data:${mime};base64,${bytes.toString('base64')}`;

/** A member signed in with a session (the vault is bound to it); `as` runs GraphQL from that session. */
async function member(user?: User) {
  const u = user ?? (await buildUser());
  const { token, session } = await buildSession({ memberId: u.id });
  const run = (q: string, v: Record<string, unknown> = {}) => gql(q, v, { token });
  return { user: u, token, session, run, caller: { viewer: u, sessionToken: token } };
}

/** A member whose vault has PASSWORD and is unlocked in their session. */
async function withVault() {
  const m = await member();
  const r = await m.run(SET, { p: PASSWORD });
  expect(r.errors).toBeUndefined();
  return m;
}

const add = (m: Awaited<ReturnType<typeof member>>, input: Record<string, unknown> = {}, key?: string) =>
  m.run(ADD, { input: { documentType: 'passport', documentName: 'My passport', file: files.png, ...input }, key });

const docsOf = (ownerId: string) => db().getRepository(VaultDocument).countBy({ ownerId });
const vaultFiles = () => {
  const dir = path.join(settings().privateDir, 'vault');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

describe('document vault', () => {
  it('requires authentication', async () => {
    for (const [q, v] of [
      [STATE, {}],
      [SET, { p: PASSWORD }],
      [UNLOCK, { p: PASSWORD }],
      [LOCK, {}],
      [CHANGE, { c: PASSWORD, n: 'another one' }],
      [ADD, { input: { documentType: 'visa', documentName: 'Visa', file: files.png } }],
      [LIST, {}],
      [DELETE, { id: '00000000-0000-4000-8000-000000000000' }],
    ] as const) {
      expect(codeOf(await gql(q, v)), q).toBe('UNAUTHENTICATED');
    }
    await expect(
      readVaultFile({ viewer: null, sessionToken: null }, '00000000-0000-4000-8000-000000000000'),
    ).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('stores only an argon2id verifier and a wrapped key, never the password; at least 6 characters; set once', async () => {
    const m = await member();
    expect((await m.run(STATE)).data.vault).toMatchObject({
      hasPassword: false,
      unlocked: false,
      minPasswordLength: 6,
      defaultReminderDays: 30,
      unlockMinutes: 15,
    });
    const short = await m.run(SET, { p: '12345' });
    expect(codeOf(short)).toBe('BAD_USER_INPUT');
    expect(short.errors![0].message).toBe('Password must be at least 6 characters long.');
    expect(await db().getRepository(VaultKey).countBy({ memberId: m.user.id })).toBe(0);

    const r = await m.run(SET, { p: PASSWORD });
    expect(r.data.setVaultPassword).toMatchObject({ hasPassword: true, unlocked: true });
    expect(new Date(r.data.setVaultPassword.unlockedUntil).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    const key = await db().getRepository(VaultKey).findOneByOrFail({ memberId: m.user.id });
    expect(key.verifier).toMatch(/^\$argon2id\$/);
    const stored = JSON.stringify(await db().query('SELECT * FROM vault_keys WHERE member_id = $1', [m.user.id]));
    expect(stored).not.toContain(PASSWORD);
    expect(key.wrappedKey.includes(Buffer.from(PASSWORD))).toBe(false);

    const again = await m.run(SET, { p: 'something else' });
    expect(codeOf(again)).toBe('CONFLICT');
  });

  it('encrypts each file: the stored bytes are not the file, and only the right password opens them', async () => {
    const m = await withVault();
    const r = await add(m, { expirationDate: '2030-01-31', reminderDays: 45 });
    expect(r.errors).toBeUndefined();
    const doc = r.data.addVaultDocument;
    expect(doc).toMatchObject({
      documentName: 'My passport',
      documentType: 'passport',
      expirationDate: '2030-01-31',
      reminderDays: 45,
      mimeType: 'image/png',
      fileSize: PNG.length,
      fileUrl: `/api/vault/documents/${doc.id}/file`,
    });
    const row = await db().getRepository(VaultDocument).findOneByOrFail({ id: doc.id });
    expect(row.fileKey).toMatch(/^vault\/[0-9a-f-]{36}\.bin$/);
    const sealed = (await readPrivate(row.fileKey))!;
    expect(sealed.equals(PNG)).toBe(false);
    expect(sealed.includes(PNG.subarray(0, 8))).toBe(false);

    // The data key unwraps with the right password only, and opens the file.
    const key = await db().getRepository(VaultKey).findOneByOrFail({ memberId: m.user.id });
    const aad = `vault-key:${m.user.id}`;
    expect(open(await passwordKey('wrong password', key.kekSalt), key.wrappedKey, aad)).toBeNull();
    const dataKey = open(await passwordKey(PASSWORD, key.kekSalt), key.wrappedKey, aad)!;
    expect(open(dataKey, sealed, `vault-document:${row.id}:${m.user.id}`)!.equals(PNG)).toBe(true);
    // Moved to another row, the file does not open (its id and owner are authenticated).
    expect(open(dataKey, sealed, `vault-document:${m.user.id}:${row.id}`)).toBeNull();

    expect((await readVaultFile(m.caller, doc.id)).bytes.equals(PNG)).toBe(true);
    expect((await m.run(LIST)).data.vaultDocuments.nodes).toEqual([{ id: doc.id, documentName: 'My passport' }]);
  });

  it('a locked vault lists, adds, opens and deletes nothing; Lock and the timeout lock it', async () => {
    const m = await withVault();
    const doc = (await add(m)).data.addVaultDocument;
    expect((await m.run(LOCK)).data.lockVault.unlocked).toBe(false);
    expect(codeOf(await m.run(LIST))).toBe('FORBIDDEN');
    expect(codeOf(await add(m))).toBe('FORBIDDEN');
    expect(codeOf(await m.run(DELETE, { id: doc.id }))).toBe('FORBIDDEN');
    await expect(readVaultFile(m.caller, doc.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await docsOf(m.user.id)).toBe(1);

    expect((await m.run(UNLOCK, { p: PASSWORD })).data.unlockVault.unlocked).toBe(true);
    expect((await m.run(LIST)).data.vaultDocuments.nodes).toHaveLength(1);
    // Another session of the same member is still locked: the unlock belongs to one session.
    const other = await member(m.user);
    expect((await other.run(STATE)).data.vault).toMatchObject({ hasPassword: true, unlocked: false });
    expect(codeOf(await other.run(LIST))).toBe('FORBIDDEN');
    // Past its time the unlock is gone.
    await db().query(`UPDATE vault_unlocks SET expires_at = now() - interval '1 second' WHERE member_id = $1`, [
      m.user.id,
    ]);
    expect((await m.run(STATE)).data.vault.unlocked).toBe(false);
    expect(codeOf(await m.run(LIST))).toBe('FORBIDDEN');
  });

  it('the unlocked key cannot be used without the session token (the row alone opens nothing)', async () => {
    const m = await withVault();
    const doc = (await add(m)).data.addVaultDocument;
    // Another session of the member pointing at the first session's unlock row: a different token does not open it.
    const other = await member(m.user);
    await db().query('UPDATE vault_unlocks SET session_id = $1 WHERE session_id = $2', [
      other.session.id,
      m.session.id,
    ]);
    expect(codeOf(await other.run(LIST))).toBe('FORBIDDEN');
    await expect(readVaultFile(other.caller, doc.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('rejects a wrong password and, after 5 tries in 15 minutes, refuses every try with a clear error', async () => {
    const m = await withVault();
    await m.run(LOCK);
    for (let i = 0; i < 5; i++) {
      const r = await m.run(UNLOCK, { p: `wrong ${i}` });
      expect(codeOf(r)).toBe('BAD_USER_INPUT');
      expect(r.errors![0].message).toBe('Incorrect vault password.');
    }
    const limited = await m.run(UNLOCK, { p: PASSWORD });
    expect(codeOf(limited)).toBe('RATE_LIMITED');
    expect(limited.errors![0].message).toMatch(/^Too many wrong vault passwords\. Please try again in \d+ minutes?\.$/);
    expect(limited.errors![0].extensions!.retryAfter).toBeGreaterThan(0);
    expect((await m.run(STATE)).data.vault.unlocked).toBe(false);
    // Changing the password is limited by the same count.
    expect(codeOf(await m.run(CHANGE, { c: PASSWORD, n: 'new password' }))).toBe('RATE_LIMITED');
    // Another member is not affected.
    const b = await withVault();
    await b.run(LOCK);
    expect((await b.run(UNLOCK, { p: PASSWORD })).data.unlockVault.unlocked).toBe(true);
  });

  it('refuses a password longer than any vault password before hashing it (no argon2 work for it)', async () => {
    const m = await withVault();
    await m.run(LOCK);
    const r = await m.run(UNLOCK, { p: 'x'.repeat(201) });
    expect(codeOf(r)).toBe('BAD_USER_INPUT');
    expect(r.errors![0].message).toContain('at most 200 characters');
    expect((await m.run(UNLOCK, { p: PASSWORD })).data.unlockVault.unlocked).toBe(true);
  });

  it('a right password clears the count of wrong ones', async () => {
    const m = await withVault();
    for (let i = 0; i < 4; i++) expect(codeOf(await m.run(UNLOCK, { p: 'nope nope' }))).toBe('BAD_USER_INPUT');
    expect((await m.run(UNLOCK, { p: PASSWORD })).data.unlockVault.unlocked).toBe(true);
    for (let i = 0; i < 4; i++) expect(codeOf(await m.run(UNLOCK, { p: 'nope nope' }))).toBe('BAD_USER_INPUT');
    expect((await m.run(UNLOCK, { p: PASSWORD })).data.unlockVault.unlocked).toBe(true);
  });

  it('another member cannot list, open or delete a document', async () => {
    const a = await withVault();
    const doc = (await add(a)).data.addVaultDocument;
    const b = await withVault();
    expect((await b.run(LIST)).data.vaultDocuments.nodes).toEqual([]);
    const del = await b.run(DELETE, { id: doc.id });
    expect(codeOf(del)).toBe('FORBIDDEN');
    await expect(readVaultFile(b.caller, doc.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await docsOf(a.user.id)).toBe(1);
    // Without a vault at all, too.
    const c = await member();
    expect(codeOf(await c.run(DELETE, { id: doc.id }))).toBe('FORBIDDEN');
  });

  it('deletes a document and its encrypted file', async () => {
    const m = await withVault();
    const doc = (await add(m)).data.addVaultDocument;
    const row = await db().getRepository(VaultDocument).findOneByOrFail({ id: doc.id });
    expect(await readPrivate(row.fileKey)).not.toBeNull();
    expect((await m.run(DELETE, { id: doc.id })).data.deleteVaultDocument).toBe(doc.id);
    expect(await docsOf(m.user.id)).toBe(0);
    expect(await readPrivate(row.fileKey)).toBeNull();
    expect(codeOf(await m.run(DELETE, { id: doc.id }))).toBe('NOT_FOUND');
    expect(codeOf(await m.run(DELETE, { id: 'nope' }))).toBe('BAD_USER_INPUT');
  });

  it('changing the password keeps documents readable; the old one no longer opens, other sessions lock', async () => {
    const m = await withVault();
    const doc = (await add(m, { file: files.pdf, documentType: 'visa', documentName: 'Schengen visa' })).data
      .addVaultDocument;
    const other = await member(m.user);
    expect((await other.run(UNLOCK, { p: PASSWORD })).data.unlockVault.unlocked).toBe(true);

    const wrong = await m.run(CHANGE, { c: 'not it at all', n: 'brand new pass' });
    expect(wrong.errors![0].message).toBe('Incorrect vault password.');
    const short = await m.run(CHANGE, { c: PASSWORD, n: 'short' });
    expect(short.errors![0].message).toBe('Password must be at least 6 characters long.');
    expect((await m.run(CHANGE, { c: PASSWORD, n: 'brand new pass' })).data.changeVaultPassword.unlocked).toBe(true);

    expect((await other.run(STATE)).data.vault.unlocked).toBe(false);
    expect(codeOf(await other.run(UNLOCK, { p: PASSWORD }))).toBe('BAD_USER_INPUT');
    expect((await other.run(UNLOCK, { p: 'brand new pass' })).data.unlockVault.unlocked).toBe(true);
    const file = await readVaultFile(other.caller, doc.id);
    expect(file.mime).toBe('application/pdf');
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.fileName).toBe('Schengen visa.pdf');
  });

  /** The member's documents as stored: row, sealed bytes, and the file as it was added. */
  const storedDocs = async (ownerId: string) =>
    Promise.all(
      (
        await db()
          .getRepository(VaultDocument)
          .find({ where: { ownerId }, order: { id: 'ASC' } })
      ).map(async (row) => ({ row, sealed: (await readPrivate(row.fileKey))! })),
    );
  const PDF = Buffer.from(files.pdf.split(',')[1], 'base64');

  it('changing the password re-encrypts every document under a new data key; the old files are gone', async () => {
    const m = await withVault();
    const a = (await add(m, { documentName: 'Passport' })).data.addVaultDocument;
    const b = (await add(m, { file: files.pdf, documentType: 'visa', documentName: 'Visa' })).data.addVaultDocument;
    const original = new Map([
      [a.id, PNG],
      [b.id, PDF],
    ]);
    const before = await storedDocs(m.user.id);
    const oldKey = await db().getRepository(VaultKey).findOneByOrFail({ memberId: m.user.id });
    const oldDataKey = open(await passwordKey(PASSWORD, oldKey.kekSalt), oldKey.wrappedKey, `vault-key:${m.user.id}`)!;
    const filesBefore = vaultFiles();

    expect((await m.run(CHANGE, { c: PASSWORD, n: 'brand new pass' })).data.changeVaultPassword.unlocked).toBe(true);

    const after = await storedDocs(m.user.id);
    expect(after).toHaveLength(2);
    for (const [i, d] of after.entries()) {
      expect(d.row.fileKey).not.toBe(before[i].row.fileKey);
      expect(d.sealed.equals(before[i].sealed)).toBe(false);
      // The old file is deleted; the old data key does not open the new one.
      expect(await readPrivate(before[i].row.fileKey)).toBeNull();
      expect(open(oldDataKey, d.sealed, `vault-document:${d.row.id}:${m.user.id}`)).toBeNull();
    }
    expect(vaultFiles()).toBe(filesBefore);
    const newKey = await db().getRepository(VaultKey).findOneByOrFail({ memberId: m.user.id });
    expect(
      open(await passwordKey('brand new pass', newKey.kekSalt), newKey.wrappedKey, `vault-key:${m.user.id}`)!.equals(
        oldDataKey,
      ),
    ).toBe(false);

    // The old password opens nothing; the new one opens every document, byte for byte the file that was added.
    await m.run(LOCK);
    expect((await m.run(UNLOCK, { p: PASSWORD })).errors![0].message).toBe('Incorrect vault password.');
    expect((await m.run(UNLOCK, { p: 'brand new pass' })).data.unlockVault.unlocked).toBe(true);
    for (const [id, bytes] of original) expect((await readVaultFile(m.caller, id)).bytes.equals(bytes)).toBe(true);
  });

  it('a failure midway through the re-encryption changes nothing: the old password opens every document as before', async () => {
    const m = await withVault();
    for (const name of ['One', 'Two', 'Three']) expect((await add(m, { documentName: name })).errors).toBeUndefined();
    const before = await storedDocs(m.user.id);
    const filesBefore = vaultFiles();
    // The second new file cannot be written (a full disk): the private store's write throws.
    const realWrite = fs.promises.writeFile;
    let writes = 0;
    const spy = vi.spyOn(fs.promises, 'writeFile').mockImplementation(async (...args: Parameters<typeof realWrite>) => {
      if (String(args[0]).startsWith(path.join(settings().privateDir, 'vault')) && ++writes === 2)
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      return realWrite(...args);
    });
    try {
      const r = await m.run(CHANGE, { c: PASSWORD, n: 'brand new pass' });
      expect(r.errors).toBeDefined();
    } finally {
      spy.mockRestore();
    }
    expect(writes).toBe(2);
    // Rows, files and key as they were; the one new file written is gone again.
    const after = await storedDocs(m.user.id);
    expect(after.map((d) => d.row.fileKey)).toEqual(before.map((d) => d.row.fileKey));
    after.forEach((d, i) => expect(d.sealed.equals(before[i].sealed)).toBe(true));
    expect(vaultFiles()).toBe(filesBefore);
    await m.run(LOCK);
    expect(codeOf(await m.run(UNLOCK, { p: 'brand new pass' }))).toBe('BAD_USER_INPUT');
    expect((await m.run(UNLOCK, { p: PASSWORD })).data.unlockVault.unlocked).toBe(true);
    for (const d of after) expect((await readVaultFile(m.caller, d.row.id)).bytes.equals(PNG)).toBe(true);
  });

  it('two changes at once: one wins, the other is refused, and every document opens with the winning password', async () => {
    const m = await withVault();
    const other = await member(m.user);
    expect((await other.run(UNLOCK, { p: PASSWORD })).data.unlockVault.unlocked).toBe(true);
    for (const name of ['One', 'Two']) await add(m, { documentName: name });
    const [first, second] = await Promise.all([
      m.run(CHANGE, { c: PASSWORD, n: 'first new pass' }),
      other.run(CHANGE, { c: PASSWORD, n: 'second new pass' }),
    ]);
    const won = [first, second].filter((r) => !r.errors);
    expect(won).toHaveLength(1);
    const lost = first.errors ? first : second;
    expect(['CONFLICT', 'BAD_USER_INPUT']).toContain(codeOf(lost));
    const winner = first.errors ? other : m;
    const winning = first.errors ? 'second new pass' : 'first new pass';
    await winner.run(LOCK);
    expect((await winner.run(UNLOCK, { p: winning })).data.unlockVault.unlocked).toBe(true);
    const docs = await storedDocs(m.user.id);
    expect(docs).toHaveLength(2);
    for (const d of docs) expect((await readVaultFile(winner.caller, d.row.id)).bytes.equals(PNG)).toBe(true);
  });

  it('a document added while the password changes is never left under the old key', async () => {
    const m = await withVault();
    await add(m, { documentName: 'Before' });
    const [change, added] = await Promise.all([
      m.run(CHANGE, { c: PASSWORD, n: 'brand new pass' }),
      add(m, { documentName: 'During' }),
    ]);
    expect(change.errors).toBeUndefined();
    if (added.errors) expect(codeOf(added)).toBe('CONFLICT');
    await m.run(LOCK);
    await m.run(UNLOCK, { p: 'brand new pass' });
    const docs = await storedDocs(m.user.id);
    expect(docs).toHaveLength(added.errors ? 1 : 2);
    for (const d of docs) expect((await readVaultFile(m.caller, d.row.id)).bytes.equals(PNG)).toBe(true);
  });

  it('refuses a wrong file type, an oversize file and missing fields with 4xx, storing nothing', async () => {
    const m = await withVault();
    const before = vaultFiles();
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ documentName: '' }, 'BAD_USER_INPUT', 'Please choose a document type and enter a document name.'],
      [{ documentType: null }, 'BAD_USER_INPUT', 'Please choose a document type and enter a document name.'],
      [{ documentType: 'diploma' }, 'BAD_USER_INPUT'],
      [{ file: null }, 'BAD_USER_INPUT', 'file is required'],
      [{ file: 'not a data url' }, 'BAD_USER_INPUT'],
      [{ file: files.mp4 }, 'BAD_USER_INPUT', 'Please select an image or a PDF.'],
      [{ file: files.fakePng }, 'BAD_USER_INPUT', 'Please select an image or a PDF.'],
      [{ file: files.sized(5 * 1024 * 1024 + 10) }, 'PAYLOAD_TOO_LARGE', 'Please select an image smaller than 5MB.'],
      [
        { file: dataUrl(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024)])) },
        'PAYLOAD_TOO_LARGE',
        'Please select a document smaller than 10MB.',
      ],
      [{ expirationDate: '2030-02-30' }, 'BAD_USER_INPUT'],
      [{ reminderDays: -1 }, 'BAD_USER_INPUT'],
      [{ reminderDays: 10_000 }, 'BAD_USER_INPUT'],
    ];
    for (const [input, code, message] of cases) {
      const r = await add(m, input);
      expect(codeOf(r), JSON.stringify(input).slice(0, 80)).toBe(code);
      if (message) expect(r.errors![0].message).toBe(message);
    }
    const wrongType = await m.run(ADD, { input: { documentType: 5, documentName: 'x', file: files.png } });
    expect(wrongType.errors).toBeDefined();
    expect(await docsOf(m.user.id)).toBe(0);
    expect(vaultFiles()).toBe(before);
    // A PDF within 10 MB is fine; the default reminder is 30 days.
    const ok = await add(m, { file: files.pdf, documentType: 'other' });
    expect(ok.data.addVaultDocument).toMatchObject({
      mimeType: 'application/pdf',
      reminderDays: 30,
      expirationDate: null,
      expiringSoon: false,
      expired: false,
    });
  });

  it('a retry with the same idempotency key, or parallel clicks with it, make one document', async () => {
    const m = await withVault();
    const results = await Promise.all([add(m, {}, 'click-1'), add(m, {}, 'click-1'), add(m, {}, 'click-1')]);
    const ids = new Set(results.map((r) => r.data?.addVaultDocument.id));
    expect(ids.size).toBe(1);
    expect(await docsOf(m.user.id)).toBe(1);
  });

  it("'Expiring Soon' within the reminder days of the expiry, not after it has passed", () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(isExpiringSoon({ expirationDate: '2026-12-23', reminderDays: 30 }, now)).toBe(true);
    expect(isExpiringSoon({ expirationDate: '2026-12-24', reminderDays: 30 }, now)).toBe(false);
    expect(isExpiringSoon({ expirationDate: '2026-11-23', reminderDays: 0 }, now)).toBe(true);
    expect(isExpiringSoon({ expirationDate: '2026-11-22', reminderDays: 30 }, now)).toBe(false);
    expect(isExpiringSoon({ expirationDate: null, reminderDays: 30 }, now)).toBe(false);
  });

  it('sends each due reminder once, even with two schedulers at once, through the notifications', async () => {
    const m = await withVault();
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const due = (await add(m, { documentName: 'Due passport', expirationDate: day(10), reminderDays: 30 })).data
      .addVaultDocument;
    const notYet = (
      await add(m, {
        documentName: 'Later licence',
        documentType: 'license',
        expirationDate: day(90),
        reminderDays: 30,
      })
    ).data.addVaultDocument;
    await add(m, { documentName: 'No expiry', documentType: 'id' });

    await Promise.all([sendDueReminders(), sendDueReminders(), sendDueReminders()]);
    await sendDueReminders();
    const notes = await db().getRepository(Notification).findBy({ recipientId: m.user.id });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'Document Expiring Soon', link: '/profile?tab=vault' });
    expect(notes[0].message).toContain('"Due passport"');
    const rows = await db().getRepository(VaultDocument).findBy({ ownerId: m.user.id });
    expect(rows.find((r) => r.id === due.id)!.remindedAt).not.toBeNull();
    expect(rows.find((r) => r.id === notYet.id)!.remindedAt).toBeNull();
  });
});

describe('GET /api/vault/documents/{id}/file', () => {
  let server: import('node:http').Server;
  let base: string;
  beforeAll(async () => {
    const app = express();
    app.use(vaultRoutes(httpContext, silentLog));
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  const get = (id: string, token?: string) =>
    fetch(`${base}/api/vault/documents/${id}/file`, {
      headers: token ? { cookie: `${settings().sessionCookieName}=${token}` } : {},
    });

  it('streams the decrypted file with its type to its owner with the vault unlocked, never cached; 401, 403, 404 otherwise', async () => {
    const m = await withVault();
    const doc = (await add(m)).data.addVaultDocument;
    const res = await get(doc.id, m.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);

    expect((await get(doc.id)).status).toBe(401);
    const b = await withVault();
    expect((await get(doc.id, b.token)).status).toBe(403);
    expect((await get('00000000-0000-4000-8000-000000000000', m.token)).status).toBe(404);
    expect((await get('not-an-id', m.token)).status).toBe(400);
    await m.run(LOCK);
    const locked = await get(doc.id, m.token);
    expect(locked.status).toBe(403);
    expect(await locked.text()).toBe('Your vault is locked. Unlock it with your vault password.');
  });
});
