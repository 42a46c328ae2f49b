import type { LivenessStatus } from '@credimo/shared/domain';
import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ProviderEventsTable {
  provider: string;
  event_id: string;
  received_at: Timestamp;
  result: ColumnType<unknown, string | undefined, string>;
}

export interface SandboxLivenessTransactionsTable {
  id: string;
  engines: ColumnType<string[], string, string>;
  status: LivenessStatus;
  created_at: Timestamp;
}

// Providers' tables join the database type here, beside the code that owns them.
declare module '../db/schema' {
  interface Database {
    provider_events: ProviderEventsTable;
    sandbox_liveness_transactions: SandboxLivenessTransactionsTable;
  }
}
