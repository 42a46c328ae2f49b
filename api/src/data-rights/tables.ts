import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface DataExportsTable {
  id: Generated<string>;
  user_id: string;
  requested_at: Generated<Date>;
  ready_at: Timestamp | null;
  expires_at: Timestamp | null;
  json: string | null;
  pdf: Uint8Array | null;
}

export interface DataErasuresTable {
  id: Generated<string>;
  user_id: string;
  requested_at: Generated<Date>;
  retain_until: Timestamp;
  /** The identification anti-money-laundering law requires keeping: locked, read by no route. */
  identity: ColumnType<Record<string, unknown>, string, string>;
  purged_at: Timestamp | null;
}

// The data-rights room's tables join the database type here, beside the room that owns them.
declare module '../db/schema' {
  interface Database {
    data_exports: DataExportsTable;
    data_erasures: DataErasuresTable;
  }
  interface UsersTable {
    erased_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  }
}
