import { randomBytes, randomUUID } from 'node:crypto';
import { Session } from '../../modules/auth/session.entity';
import { VaultDocument, VaultDocumentType } from '../../modules/vault/vault-document.entity';
import { VaultKey } from '../../modules/vault/vault-key.entity';
import { VaultUnlock } from '../../modules/vault/vault-unlock.entity';
import { buildSession } from './auth';
import { insertByKey, memberRef, next } from './core';

/**
 * A member's vault key row (a new member unless given), with random bytes: it stands for a vault that was set up,
 * not one a passphrase opens (set one up through the service for that).
 */
export async function buildVaultKey(overrides: Partial<VaultKey> = {}): Promise<VaultKey> {
  return insertByKey(
    VaultKey,
    { memberId: await memberRef(overrides.memberId) },
    {
      verifier: randomBytes(32).toString('base64'),
      kekSalt: randomBytes(16),
      wrappedKey: randomBytes(40),
      ...overrides,
    },
  );
}

/**
 * A document's row in a member's vault (a new member unless `ownerId` names one): a passport expiring in 2099,
 * reminded 30 days before. No file is stored under its `fileKey`: for a document that opens, upload through the
 * service.
 */
export async function buildVaultDocument(overrides: Partial<VaultDocument> = {}): Promise<VaultDocument> {
  const id = overrides.id ?? randomUUID();
  return insertByKey(
    VaultDocument,
    { id },
    {
      documentName: `Document ${next()}`,
      documentType: VaultDocumentType.passport,
      expirationDate: '2099-01-01',
      reminderDays: 30,
      mimeType: 'application/pdf',
      fileSize: 1024,
      fileKey: `vault/test/${id}`,
      remindedAt: null,
      ...overrides,
      ownerId: await memberRef(overrides.ownerId),
    },
  );
}

/** An unlocked vault for a session (a new session of a new member unless given), open for ten minutes. */
export async function buildVaultUnlock(overrides: Partial<VaultUnlock> = {}): Promise<VaultUnlock> {
  let session: Session | undefined;
  if (!overrides.sessionId)
    session = (await buildSession(overrides.memberId ? { memberId: overrides.memberId } : {})).session;
  return insertByKey(
    VaultUnlock,
    { sessionId: overrides.sessionId ?? session!.id },
    {
      wrappedKey: randomBytes(40),
      expiresAt: new Date(Date.now() + 600_000),
      ...overrides,
      memberId: overrides.memberId ?? session!.memberId,
    },
  );
}
