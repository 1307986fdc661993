import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { requireViewer } from '../../kernel/auth';
import { db } from '../../kernel/database';
import { storedFile } from '../../kernel/media';
import * as rateLimit from '../../kernel/rate-limit';
import { settings } from '../../kernel/settings';
import { vaultFilesForArchive } from '../vault/vault-documents.service';
import type { VaultCaller } from '../vault/vault.service';
import { ACCOUNT_TABLES, filesIn, memberCondition, quote, type TableRule } from './account.rules';

/** Rows read per statement while a table's JSON file streams into the archive. */
const PAGE = 500;

/** The archive's own description, its first file. */
const ARCHIVE_README = `Your Saffa data
===============

This archive holds everything Saffa keeps about you, as it was when you downloaded it.

manifest.json        when it was made, for whom, and the list of files below
data/<table>.json    one JSON array per kind of record (posts.json, reels.json, messages.json, ...): the rows that are
                     yours, with the database's column names; messages.json also has the messages you received
media/<folder>/...   your photos, videos, audio, avatars and covers, named as their URLs in the data (/media/...)
private/cvs/...      the CVs you sent with job applications (cv_key in job_applications.json)
vault/...            your vault documents, decrypted (<document id>-<name>), only when your vault was unlocked as
                     you downloaded; otherwise the archive has their names and dates only

In a conversation the other side is shown as the chat shows them (conversations.json "peer", messages.json
"sender"): a dating alias by its alias name only.

Left out: password and token hashes, single-use sign-in links, your vault's keys (no vault file leaves Saffa still
sealed), and what others keep about you that Saffa never shows you (an employer's notes, a moderator's decision).
`;

/** The primary key columns of each table, for keyset paging through a member's rows. */
async function primaryKeys(tables: string[]): Promise<Map<string, string[]>> {
  const rows: Array<{ tbl: string; col: string }> = await db().query(
    `SELECT i.indrelid::regclass::text AS tbl, a.attname AS col
       FROM pg_index i JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, n) ON true
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
      WHERE i.indisprimary AND i.indrelid::regclass::text = ANY($1)
      ORDER BY tbl, k.n`,
    [tables],
  );
  const keys = new Map<string, string[]>();
  for (const r of rows) keys.set(r.tbl, [...(keys.get(r.tbl) ?? []), r.col]);
  return keys;
}

/** A row as the archive shows it: secrets and what the member may not read left out, bytes as base64. */
function present(row: Record<string, unknown>, rule: TableRule): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (rule.omit?.includes(k) || rule.hidden?.includes(k)) continue;
    out[k] = Buffer.isBuffer(v) ? v.toString('base64') : v;
  }
  return out;
}

/** A table's rows of the member as a JSON array, read page by page while the archive is sent. */
async function* tableJson(table: string, rule: TableRule, pk: string[], userId: string): AsyncGenerator<string> {
  const keyList = pk.map(quote).join(', ');
  let after: unknown[] | null = null;
  let first = true;
  yield '[';
  for (;;) {
    const params: unknown[] = [userId];
    let keyset = '';
    if (after) {
      keyset = ` AND (${keyList}) > (${after.map((v) => `$${params.push(v)}`).join(', ')})`;
    }
    const rows: Array<Record<string, unknown>> = await db().query(
      `SELECT * FROM ${quote(table)} WHERE (${memberCondition(rule)})${keyset} ORDER BY ${keyList} LIMIT ${PAGE}`,
      params,
    );
    const shown = rule.shape && rows.length ? await rule.shape(rows, userId) : rows;
    for (const row of shown) {
      yield `${first ? '\n' : ',\n'}${JSON.stringify(present(row, rule))}`;
      first = false;
    }
    if (rows.length < PAGE) break;
    after = pk.map((c) => rows[rows.length - 1][c]);
  }
  yield first ? ']\n' : '\n]\n';
}

/** A stored file of the member's, with its name in the archive. */
interface MemberFile {
  entry: string;
  open: () => Promise<Readable>;
}

/** The member's stored files: media URLs and private keys named in their rows, those the media store holds. */
async function memberFiles(userId: string): Promise<MemberFile[]> {
  const media = new Set<string>();
  const keys = new Set<string>();
  for (const [table, rule] of Object.entries(ACCOUNT_TABLES)) {
    const privateCols = rule.filesLeftOut ? [] : (rule.private ?? []);
    if (rule.notExported || !(rule.media?.length || privateCols.length)) continue;
    const cols = [...(rule.media ?? []), ...privateCols];
    // Files come from the member's own rows only (their member columns), never from another member's message.
    const own: TableRule = { member: rule.member };
    if (!own.member.length) continue;
    const rows: Array<Record<string, unknown>> = await db().query(
      `SELECT ${cols.map(quote).join(', ')} FROM ${quote(table)} WHERE ${memberCondition(own)}`,
      [userId],
    );
    for (const row of rows) {
      for (const c of rule.media ?? []) filesIn(row[c], media);
      for (const c of privateCols) filesIn(row[c], keys);
    }
  }
  const wanted = [
    ...[...media].map((url) => ({ entry: url.slice(1), ref: { url } })),
    ...[...keys].map((privateKey) => ({ entry: `private/${privateKey}`, ref: { privateKey } })),
  ];
  const found = await Promise.all(
    wanted.map(async (w) => {
      const file = await storedFile(w.ref);
      return file ? { entry: w.entry, open: file.open } : null;
    }),
  );
  return found.filter((f): f is MemberFile => !!f).sort((a, b) => a.entry.localeCompare(b.entry));
}

export interface DataArchive {
  fileName: string;
  stream: Readable;
}

/**
 * The signed-in member's data as one zip, streamed: their rows of every table of ACCOUNT_TABLES (one JSON file each,
 * read page by page as the archive is sent, each rule's `shape` and `hidden` applied) and their stored files (from
 * disk or S3). Vault documents only decrypted, when the vault is unlocked in this session; never the vault's keys.
 * The caller has proved who they are first (`confirmForExport`, account.service.ts).
 * One archive per member per DATA_EXPORT_EVERY_SECONDS (RATE_LIMITED with the seconds to wait).
 */
export async function exportMemberData(caller: VaultCaller): Promise<DataArchive> {
  const v = requireViewer(caller.viewer);
  await rateLimit.hit(`data-export:${v.id}`, 1, settings().limits.dataExportEverySeconds);
  const tables = Object.entries(ACCOUNT_TABLES).filter(([, rule]) => !rule.notExported);
  const [pks, files, vault] = await Promise.all([
    primaryKeys(tables.map(([t]) => t)),
    memberFiles(v.id),
    vaultFilesForArchive(caller),
  ]);
  const zip = new ZipFile();
  const exportedAt = new Date();
  const vaultFiles = (vault ?? []).map((f) => ({ entry: `vault/${f.name}`, read: f.read }));
  const manifest = {
    format: 'saffa-data-export/2',
    exportedAt: exportedAt.toISOString(),
    member: { id: v.id },
    tables: tables.map(([t]) => `data/${t}.json`),
    files: [...files.map((f) => f.entry), ...vaultFiles.map((f) => f.entry)],
    vault: vault
      ? 'decrypted: your vault was unlocked'
      : 'not included: your vault was locked (or has no password); unlock it, then download again',
    notExported: Object.fromEntries(
      Object.entries(ACCOUNT_TABLES).flatMap(([t, r]) => (r.notExported ? [[t, r.notExported]] : [])),
    ),
  };
  zip.addBuffer(Buffer.from(ARCHIVE_README), 'README.txt', { mtime: exportedAt });
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json', { mtime: exportedAt });
  for (const [table, rule] of tables) {
    const pk = pks.get(table);
    if (!pk?.length) throw new Error(`table ${table} has no primary key to page by`);
    zip.addReadStreamLazy(`data/${table}.json`, { mtime: exportedAt }, (cb) =>
      cb(null, Readable.from(tableJson(table, rule, pk, v.id))),
    );
  }
  for (const f of files) {
    // Opened when the archive reaches it: one file open (one S3 download) at a time, however many the member has.
    zip.addReadStreamLazy(
      f.entry,
      { mtime: exportedAt, compress: false },
      (cb) =>
        void f.open().then(
          (stream) => cb(null, stream),
          (err: Error) => cb(err, null as never),
        ),
    );
  }
  for (const f of vaultFiles) {
    // Decrypted when the archive reaches it, one at a time.
    zip.addReadStreamLazy(
      f.entry,
      { mtime: exportedAt, compress: false },
      (cb) =>
        void f.read().then(
          (bytes) => cb(null, Readable.from([bytes])),
          (err: Error) => cb(err, null as never),
        ),
    );
  }
  zip.end();
  const day = exportedAt.toISOString().slice(0, 10);
  return { fileName: `saffa-data-${day}.zip`, stream: zip.outputStream as Readable };
}
