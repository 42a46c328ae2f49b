import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface AuditEntry {
  actor: string;
  subject: string | null;
  action: string;
  address: string | null;
  detail?: Record<string, unknown>;
}

/** Appends to the audit log: who acted on whom, what, when and from where. */
export async function audit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ ...entry, detail: JSON.stringify(entry.detail ?? {}) })
    .execute();
}
