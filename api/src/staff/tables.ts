import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type StaffRole = 'agent' | 'admin';

export interface StaffAccountsTable {
  id: Generated<string>;
  username: string;
  role: StaffRole;
  password_hash: string;
  totp_secret: string;
  /** The last TOTP time step accepted: a code is good once (RFC 6238 section 5.2). */
  totp_last_step: ColumnType<string | number | null, number | null | undefined, number | null>;
  failed_attempts: Generated<number>;
  locked_until: Timestamp | null;
  disabled_at: Timestamp | null;
  /** Who disabled the account (migration 0022). */
  disabled_by: string | null;
  /** Set by an admin's password reset: the next sign-in must choose a new password (migration 0022). */
  password_reset_at: Timestamp | null;
  /** Set by an admin's second-factor reset: the next sign-in enrols the new TOTP secret (migration 0022). */
  totp_reset_at: Timestamp | null;
  created_by: string;
  created_at: Generated<Date>;
}

export interface StaffSessionsTable {
  id: Generated<string>;
  token_hash: string;
  staff_id: string;
  created_ip: string | null;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_by: string | null;
}

/** Migration 0025: each failed sign-in, per account and address (accounts.ts). */
export interface StaffSignInFailuresTable {
  id: Generated<string>;
  username: string;
  address: string | null;
  created_at: Generated<Date>;
}

// The staff room's tables join the database type here, beside the room that owns them (migration 0017).
declare module '../db/schema' {
  interface Database {
    staff_accounts: StaffAccountsTable;
    staff_sessions: StaffSessionsTable;
    staff_sign_in_failures: StaffSignInFailuresTable;
  }
}
