import type { CardRequestStatus } from '@credimo/shared/domain';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface PaymentCardsTable {
  id: Generated<string>;
  user_id: string;
  request_id: string;
  status: CardRequestStatus;
  failure: string | null;
  token: string | null;
  pan: string | null;
  holder: string | null;
  expiry_month: number | null;
  expiry_year: number | null;
  is_default: Generated<boolean>;
  return_url: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EarnedDiscountsTable {
  user_id: string;
  target: string;
  earned_at: Timestamp;
  used_by_loan_id: string | null;
}

export interface BankImportsTable {
  id: Generated<string>;
  loan_id: string;
  provider: 'unnax' | 'kontomatik';
  token: string;
  bank_name: string | null;
  status: 'importing' | 'imported' | 'failed';
  accounts: ColumnType<string[], string | undefined, string>;
  created_at: Timestamp;
}

/** The aggregation provider's word on a bank session (migration 0015). */
export interface AggregationSessionsTable {
  id: Generated<string>;
  provider: 'unnax' | 'kontomatik';
  token: string;
  status: 'imported' | 'failed';
  bank_name: string | null;
  accounts: ColumnType<Array<{ iban: string; holder?: string | undefined }>, string | undefined, string>;
  received_at: Timestamp;
}

// The cards and aggregation rooms' tables join the database type here, beside the code that owns them.
declare module '../db/schema' {
  interface Database {
    payment_cards: PaymentCardsTable;
    earned_discounts: EarnedDiscountsTable;
    bank_imports: BankImportsTable;
    aggregation_sessions: AggregationSessionsTable;
  }
}
