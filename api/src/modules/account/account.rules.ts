/**
 * What a member's data is, table by table (each module declares its tables in its manifest, `exportRules`): the one
 * list that the export ("download my data") and account deletion
 * read. Each table that references `users` appears here with the columns that name the member; the completeness test
 * (account.test.ts) compares these columns to the database's foreign keys, so a new feature's table fails the test
 * until it has a rule here. Deletion itself follows the foreign keys (ON DELETE CASCADE / SET NULL); this list says
 * which columns hold stored files so their files go too.
 */
export interface TableRule {
  /**
   * The columns that name the member (each a foreign key to users.id): rows where any of them is the member are theirs.
   */
  member: string[];
  /**
   * Columns that name the member in rows that belong to someone else: not exported, and the foreign key's rule applies.
   */
  mentions?: string[];
  /** More rows that belong in the member's archive (SQL over the table's own columns, `$1` the member's id). */
  alsoWhere?: string;
  /** Columns left out of the archive: secrets that only verify something (password hashes, token hashes). */
  omit?: string[];
  /**
   * Columns left out because someone else writes them and the API never shows them to this member (an employer's
   * notes and pipeline stage on the member's application, the admin who resolved their report, the other side's
   * member id in a conversation): the archive holds only what the member may read through the API.
   */
  hidden?: string[];
  /**
   * Turns a page of the member's rows into what the member sees of them, before `omit` and `hidden` apply (the
   * owning module's function: a conversation's sides as the chat shows them, an alias never as its member).
   */
  shape?: (rows: Array<Record<string, unknown>>, memberId: string) => Promise<Array<Record<string, unknown>>>;
  /**
   * Why the table's rows are not in the archive at all (short-lived secrets); they are still deleted with the member.
   */
  notExported?: string;
  /** Columns holding public media URLs (`/media/...`), as text or inside JSON: these files are exported and deleted. */
  media?: string[];
  /** Columns holding private store keys (CVs, vault files): exported as stored unless `filesLeftOut`, and deleted. */
  private?: string[];
  /**
   * Why the files of the `private` columns are not in the archive as stored (vault files: sealed under a key it does
   * not carry).
   */
  filesLeftOut?: string;
}

declare module '../../kernel/module' {
  interface ModuleRoles {
    /**
     * What of a member's data this module keeps, table by table (every table of the module that references `users`):
     * read by the account export and deletion (registered by the root).
     */
    exportRules?: { readonly [table: string]: TableRule };
  }
}

const accountTables: Record<string, TableRule> = {};

/**
 * Adds a module's tables to the rules the export and deletion read (from the composition root, which reads every
 * module's `exportRules`); a table registered again is replaced (a test may register a module of its own).
 */
export function registerExportRules(rules: { readonly [table: string]: TableRule }): void {
  Object.assign(accountTables, rules);
}

/** Every table's rule, as the modules declared them. */
export const ACCOUNT_TABLES: Readonly<Record<string, TableRule>> = accountTables;

/** A table or column name quoted for SQL. */
export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The member's rows of a table, as a condition with `$1` the member's id. */
export function memberCondition(rule: TableRule): string {
  const parts = rule.member.map((c) => `"${c}" = $1`);
  if (rule.alsoWhere) parts.push(`(${rule.alsoWhere})`);
  return parts.join(' OR ');
}

/** Every string under a column's value (text or JSON) that names a stored file. */
export function filesIn(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const v of value) filesIn(v, into);
  else if (value && typeof value === 'object' && !Buffer.isBuffer(value) && !(value instanceof Date))
    for (const v of Object.values(value)) filesIn(v, into);
  return into;
}
