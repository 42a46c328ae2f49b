import type { ColumnType, Generated } from 'kysely';

export interface AuditLogTable {
  id: Generated<string>;
  at: ColumnType<Date, Date | undefined, never>;
  actor: string;
  subject: string | null;
  action: string;
  address: string | null;
  detail: ColumnType<Record<string, unknown>, string | undefined, never>;
}

/** Kysely table types; each migration's tables are declared here. */
export interface Database {
  audit_log: AuditLogTable;
}
