import { randomUUID } from 'node:crypto';
import { authorize, requireViewer } from '../../kernel/auth';
import { db } from '../../kernel/database';
import { badInput, conflict, DomainError, notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import { once } from '../../kernel/idempotency';
import { deletePrivate, readPrivate } from '../../kernel/media';
import { keysetPage, type Page } from '../../kernel/pagination';
import { limitUploads } from '../../kernel/rate-limit';
import { queryRows } from '../../kernel/rows';
import { decodeDataUrl, sniff, UPLOAD_LIMITS } from '../../kernel/upload';
import type { PrivateFile } from '../../kernel/http';
import { VaultDocument, VaultDocumentType } from './vault-document.entity';
import type { VaultDocumentInput } from './vault.inputs';
import { open } from './vault.crypto';
import { vaultPolicy } from './vault.policy';
import {
  JUST_CHANGED,
  MISSING_INFORMATION,
  ONLY_OWNER,
  VAULT,
  type VaultCaller,
  WRONG_FILE,
  documents,
  fileAad,
  lockVaultKey,
  unlockedKey,
  writeSealed,
} from './vault.service';

// -------------------------------------------------------------------------------------------------- documents

const IMAGE_TOO_LARGE = 'Please select an image smaller than 5MB.';
const PDF_TOO_LARGE = 'Please select a document smaller than 10MB.';

function checkDate(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value))
    throw badInput('expirationDate', 'must be a date (YYYY-MM-DD)');
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value)
    throw badInput('expirationDate', 'must be a date (YYYY-MM-DD)');
  return value;
}

function checkReminderDays(value: unknown): number {
  if (value === null || value === undefined) return VAULT.defaultReminderDays;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > VAULT.maxReminderDays) {
    throw badInput('reminderDays', `must be a whole number from 0 to ${VAULT.maxReminderDays}`);
  }
  return value;
}

/** A document's file: an image (at most 5 MB) or a PDF (at most 10 MB), by its bytes. */
function checkFile(value: unknown): { bytes: Buffer; mime: string } {
  if (value === null || value === undefined || value === '') throw badInput('file', 'is required');
  const bytes = decodeDataUrl(value, 'file', UPLOAD_LIMITS.document, PDF_TOO_LARGE);
  const type = sniff(bytes);
  if (!type || (type.kind !== 'image' && type.ext !== 'pdf'))
    throw new DomainError('BAD_USER_INPUT', WRONG_FILE, { field: 'file' });
  if (type.kind === 'image' && bytes.length > UPLOAD_LIMITS.image)
    throw new DomainError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE);
  return { bytes, mime: type.mime };
}

/** The form's fields, checked: type and name are required (the spec's 'Missing Information'). */
function checkDocument(input: VaultDocumentInput) {
  const documentName = typeof input.documentName === 'string' ? input.documentName.trim() : '';
  const documentType = input.documentType;
  if (!documentName || !documentType)
    throw new DomainError('BAD_USER_INPUT', MISSING_INFORMATION, {
      field: documentType ? 'documentName' : 'documentType',
    });
  if (!(Object.values(VaultDocumentType) as string[]).includes(documentType)) {
    throw badInput('documentType', `must be one of ${Object.values(VaultDocumentType).join(', ')}`);
  }
  if (documentName.length > VAULT.maxNameLength)
    throw badInput('documentName', `must be at most ${VAULT.maxNameLength} characters`);
  return {
    documentName,
    documentType: documentType as VaultDocumentType,
    expirationDate: checkDate(input.expirationDate),
    reminderDays: checkReminderDays(input.reminderDays),
    ...checkFile(input.file),
  };
}

/**
 * Adds a document: its file is encrypted under the vault's data key (the vault must be unlocked in this session)
 * and only the ciphertext is stored. A retry with the same idempotency key answers the first document.
 */
export async function addVaultDocument(
  caller: VaultCaller,
  input: VaultDocumentInput,
  idempotencyKey?: string | null,
): Promise<VaultDocument> {
  const { viewer, dataKey } = await unlockedKey(caller);
  const { bytes, mime, ...fields } = checkDocument(input);
  await limitUploads(viewer.id, 1);
  return once(
    { memberId: viewer.id, operation: 'addVaultDocument', key: idempotencyKey },
    async (record) => {
      const id = randomUUID();
      const fileKey = await writeSealed(dataKey, bytes, { id, ownerId: viewer.id });
      try {
        await db().transaction(async (m) => {
          // The key row is held while the row goes in: a password change (which re-encrypts) cannot run meanwhile,
          // and one that ran since the file was sealed has replaced this session's key: then nothing is added.
          await lockVaultKey(m, viewer.id, 'SHARE');
          if (!(await unlockedKey(caller, m)).dataKey.equals(dataKey))
            throw conflict('PASSWORD_JUST_CHANGED', JUST_CHANGED);
          await m.insert(VaultDocument, {
            ...fields,
            id,
            ownerId: viewer.id,
            mimeType: mime,
            fileSize: bytes.length,
            fileKey,
            remindedAt: null,
          });
          await record(m, id);
        });
      } catch (err) {
        await deletePrivate([fileKey]);
        throw err;
      }
      return documents().findOneByOrFail({ id });
    },
    (id) => documents().findOneByOrFail({ id }),
  );
}

/** A document the caller owns; NOT_FOUND when there is none, FORBIDDEN when it is someone else's. */
async function ownDocument(caller: VaultCaller, id: string): Promise<VaultDocument> {
  const viewer = requireViewer(caller.viewer);
  const doc = await documents().findOneBy({ id: checkUuid(id, 'id') });
  if (!doc) throw notFound('Document');
  authorize(vaultPolicy.canUse(viewer, doc), ONLY_OWNER);
  return doc;
}

/** Deletes a document and its encrypted file; its owner only, with the vault unlocked. */
export async function deleteVaultDocument(caller: VaultCaller, id: string): Promise<void> {
  const doc = await ownDocument(caller, id);
  await unlockedKey(caller);
  // The file the row names when it goes (a password change may have re-encrypted it to a new file meanwhile).
  const gone = await queryRows<{ file_key: string }>('DELETE FROM vault_documents WHERE id = $1 RETURNING file_key', [
    doc.id,
  ]);
  await deletePrivate(gone.map((g) => g.file_key));
}

/** The caller's documents, newest first, a page at a time; only with the vault unlocked. */
export async function vaultDocuments(
  caller: VaultCaller,
  args: { first?: number | null; after?: string | null },
): Promise<Page<VaultDocument>> {
  const { viewer } = await unlockedKey(caller);
  return keysetPage(documents().createQueryBuilder('d').where('d.owner_id = :me', { me: viewer.id }), 'd', args);
}

/**
 * A document's decrypted file, for its owner with the vault unlocked (the route `GET /api/vault/documents/{id}/file`).
 */
export async function readVaultFile(caller: VaultCaller, id: string): Promise<PrivateFile> {
  const doc = await ownDocument(caller, id);
  const { dataKey } = await unlockedKey(caller);
  const sealed = await readPrivate(doc.fileKey);
  const bytes = sealed ? open(dataKey, sealed, fileAad(doc)) : null;
  if (!bytes) throw notFound('File');
  const ext = sniff(bytes)?.ext ?? 'bin';
  return { bytes, mime: doc.mimeType, fileName: `${doc.documentName}.${ext}` };
}

/** A vault document's file as the data archive carries it: decrypted, named after the document. */
export interface ArchivedVaultFile {
  documentId: string;
  /** The file's name in the archive (unique per document: its id, then its name). */
  name: string;
  read: () => Promise<Buffer>;
}

/**
 * The caller's vault documents for the data archive ("download my data"): decrypted, and only while the vault is
 * unlocked in this session (null when it is locked or has no password). The archive never carries the vault's salt,
 * wrapped key or sealed files: with them the vault password could be guessed offline. Each file is opened with the
 * session's data key when the archive reaches it (one at a time).
 */
export async function vaultFilesForArchive(caller: VaultCaller): Promise<ArchivedVaultFile[] | null> {
  const unlocked = await unlockedKey(caller).catch((err) => {
    if (err instanceof DomainError && err.code === 'FORBIDDEN') return null;
    throw err;
  });
  if (!unlocked) return null;
  const { viewer, dataKey } = unlocked;
  const docs = await documents().find({ where: { ownerId: viewer.id }, order: { createdAt: 'ASC', id: 'ASC' } });
  return docs.map((doc) => ({
    documentId: doc.id,
    name: `${doc.id}-${doc.documentName.replace(/[^\p{L}\p{N} ._-]+/gu, '_').slice(0, 80)}.${doc.mimeType === 'application/pdf' ? 'pdf' : (doc.mimeType.split('/')[1] ?? 'bin').replace('jpeg', 'jpg')}`,
    read: async () => {
      const sealed = await readPrivate(doc.fileKey);
      const bytes = sealed ? open(dataKey, sealed, fileAad(doc)) : null;
      if (!bytes) throw new Error(`vault document ${doc.id} could not be opened for the archive`);
      return bytes;
    },
  }));
}

/** Whole days from today (UTC) to the expiration date: negative once expired, null without one. */
export function daysUntilExpiry(doc: Pick<VaultDocument, 'expirationDate'>, now = new Date()): number | null {
  if (!doc.expirationDate) return null;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((Date.parse(`${doc.expirationDate}T00:00:00Z`) - today) / 86_400_000);
}

/** The expiration date has passed (a document without one never expires). */
export function isExpired(doc: Pick<VaultDocument, 'expirationDate'>, now = new Date()): boolean {
  const days = daysUntilExpiry(doc, now);
  return days !== null && days < 0;
}

/** 'Expiring Soon': not expired yet, and within its reminder days of the expiration date. */
export function isExpiringSoon(doc: Pick<VaultDocument, 'expirationDate' | 'reminderDays'>, now = new Date()): boolean {
  const days = daysUntilExpiry(doc, now);
  return days !== null && days >= 0 && days <= doc.reminderDays;
}
