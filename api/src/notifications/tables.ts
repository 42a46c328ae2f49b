import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type NotificationSeverity = 'warning' | 'error' | 'success' | 'info';

export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  message: string;
  severity: Generated<NotificationSeverity>;
  created_at: Timestamp;
  read_at: Timestamp | null;
}

// The notifications room's table joins the database type here, beside the code that owns it.
declare module '../db/schema' {
  interface Database {
    notifications: NotificationsTable;
  }
}
