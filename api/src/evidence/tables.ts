import type { LivenessStatus } from '@credimo/shared/domain';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface DocumentsTable {
  id: Generated<string>;
  user_id: string;
  type: string;
  skipped: boolean;
  storage_key: string | null;
  byte_size: number | null;
  width: number | null;
  height: number | null;
  uploaded_at: Timestamp;
}

/** View: `type` is skip_<type> for a skipped document (SPEC section 3). */
export interface UserDocumentsView {
  user_id: string;
  type: string;
  uploaded_at: Date;
}

export interface LivenessChecksTable {
  transaction_id: string;
  provider: string;
  user_id: string | null;
  status: LivenessStatus;
  created_at: Timestamp;
  updated_at: Timestamp;
  claimed_at: Timestamp | null;
}

export interface UserLivenessView {
  user_id: string;
  status: LivenessStatus | null;
  allowed: boolean;
}

// The evidence room's tables join the database type here, beside the room that owns them.
declare module '../db/schema' {
  interface Database {
    documents: DocumentsTable;
    user_documents: UserDocumentsView;
    liveness_checks: LivenessChecksTable;
    user_liveness: UserLivenessView;
  }
}
