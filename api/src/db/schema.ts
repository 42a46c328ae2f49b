import type { CardRequestStatus, LivenessStatus } from '@credimo/shared/domain';
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

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<string>;
  /** Set when the customer's data was erased: the account is blocked and its personal data gone. */
  erased_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  mobile_phone: string;
  phone_confirmed_at: Timestamp | null;
  agree_marketing: Generated<boolean>;
  marketing_consent_at: Timestamp | null;
  /** The utm_source (campaign source) the customer first arrived with (migration 0020). */
  utm_source: string | null;
  is_blocked: Generated<boolean>;
  is_blacklisted: Generated<boolean>;
  registered_by_agent: Generated<boolean>;
  created_at: CreatedAt;
  is_hide_skip_auto_debit_button: Generated<boolean>;
}

export type CodePurpose = 'login' | 'phone_change' | 'phone_change_current' | 'sign_loan';

export interface SmsCodesTable {
  id: Generated<string>;
  phone: string;
  purpose: CodePurpose;
  user_id: string | null;
  binding: Json<Record<string, unknown>>;
  code_hash: string;
  channel: Generated<string>;
  requested_ip: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  attempts: Generated<number>;
  consumed_at: Timestamp | null;
}

export interface SmsOutboxTable {
  id: Generated<string>;
  phone: string;
  channel: string;
  body: string;
  created_at: CreatedAt;
}

export type CustomerMailKind = 'receipt' | 'agreement' | 'withdrawal' | 'reminder' | 'review_answer';
export interface CustomerMailsTable {
  id: Generated<string>;
  key: string;
  kind: CustomerMailKind;
  user_id: string;
  loan_id: string;
  detail: Json<Record<string, unknown>>;
  status: Generated<'pending' | 'sending' | 'sent' | 'skipped' | 'failed'>;
  channel: 'email' | 'sms' | null;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: CreatedAt;
  claimed_at: Timestamp | null;
  sent_at: Timestamp | null;
}

export interface MailOutboxTable {
  id: Generated<string>;
  from_address: string;
  to_address: string;
  subject: string;
  body: string;
  attachments: Json<Array<{ filename: string; content_type: string; content_base64: string }>>;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: Generated<string>;
  token_hash: string;
  user_id: string;
  kind: 'customer' | 'agent' | 'admin';
  actor: string | null;
  created_ip: string | null;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface HandoffCodesTable {
  id: Generated<string>;
  code_hash: string;
  kind: 'agent' | 'admin' | 'site' | 'link';
  user_id: string;
  actor: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** Migration 0011: the amount (cents) and term (days) an agent link carries, if any. */
  amount: ColumnType<string | number | null, number | null | undefined, number | null>;
  term: number | null;
  /** Migration 0025: a site code's browser (the SHA-256 of a secret only it holds). */
  browser_hash: string | null;
  /** Migration 0025: the page a link code opens (card payment, Bizum, card tokenization). */
  purpose: string | null;
}

/** Migration 0025: each wrong code try, for the daily caps per phone and per address (identity/codes.ts). */
export interface CodeTriesTable {
  id: Generated<string>;
  phone: string;
  address: string | null;
  created_at: CreatedAt;
}

export interface ProductsTable {
  id: number;
  name: string;
  min_amount: number;
  max_amount: number;
  amount_step: number;
  min_term: number;
  max_term: number;
  term_step: number;
  free_first_loan_max_amount: number;
  amount_default_toggle_position: number;
  term_default_toggle_position: number;
  late_daily_basis_points: number;
}

export interface ProductFeeBandsTable {
  product_id: number;
  max_term: number;
  daily_basis_points: number;
}

export interface PromoCodesTable {
  code: string;
  percent_commission: number | null;
  percent_extension: number | null;
  percent_extension_price: number | null;
  valid_from: Timestamp;
  valid_to: Timestamp | null;
  max_uses: number | null;
  used_count: Generated<number>;
  user_id: string | null;
  created_at: CreatedAt;
}

export interface DiscountsTable {
  target: string;
  percent: number;
  description: string;
}

type DateColumn = ColumnType<string, string, string>;

export interface RegionsTable {
  id: number;
  name: string;
}
export interface CitiesTable {
  id: number;
  region_id: number;
  name: string;
}
export interface StreetsTable {
  id: Generated<number>;
  city_id: number;
  name: string;
}
export interface UserProfilesTable {
  user_id: string;
  first_name: string;
  first_surname: string;
  second_surname: string | null;
  personal_id: string;
  expiry_date: DateColumn;
  nationality: string;
  birthday: DateColumn;
  gender: 'male' | 'female';
  email: string | null;
  updated_at: Generated<Date>;
}
export interface UserAddressesTable {
  user_id: string;
  kind: 'registration' | 'actual';
  postal_code: string;
  region: string;
  city: string;
  street: string;
  house: string | null;
  block: string | null;
  apartment: string | null;
}
export interface UserEmploymentTable {
  user_id: string;
  employment_type_id: number;
  business_activity_id: number | null;
  company_name: string | null;
  position: string | null;
  employment_date: DateColumn | null;
  income_amount: ColumnType<number | null, number | null, number | null>;
  income_date: DateColumn | null;
  education: string | null;
  has_current_loan: boolean | null;
}
export interface UserContactsTable {
  user_id: string;
  contact_type: number;
  name: string | null;
  number: string;
}
export interface ConsentsTable {
  id: Generated<string>;
  user_id: string;
  kind: string;
  text_version: string;
  accepted: boolean;
  address: string | null;
  at: Generated<Date>;
}

/** Money columns are bigint cents: drivers read them back as strings (PostgreSQL, row-types.ts) or numbers (PGlite). */
type Cents = ColumnType<string | number, number, number>;

export interface LoansTable {
  id: Generated<string>;
  public_id: Generated<string>;
  user_id: string;
  product_id: number;
  status: number;
  request_amount: Cents;
  original_request_amount: Cents;
  term: number;
  commission: Cents;
  original_commission: Cents;
  return_amount: Cents;
  tae_tenths: number;
  is_free: boolean;
  promocode: string | null;
  attempt_reference: string;
  target_url: string | null;
  method_of_disbursement: number | null;
  iban: string | null;
  requested_ip: string | null;
  request_date: Generated<Date>;
  status_changed_at: Generated<Date>;
  approve_date: Timestamp | null;
  give_date: ColumnType<string | null, string | null | undefined, string | null>;
  must_pay_date: ColumnType<string | null, string | null | undefined, string | null>;
  returned_date: ColumnType<string | null, string | null | undefined, string | null>;
  withdrawal_until: ColumnType<string | null, string | null | undefined, string | null>;
  signed_at: Timestamp | null;
  new_conditions_approved: Generated<boolean>;
  auto_debit_step_completed: Generated<boolean>;
  required_files: ColumnType<string[], string | undefined, string>;
}

export type ActorKind = 'customer' | 'operator' | 'job' | 'provider' | 'system';

export interface LoanTransitionsTable {
  id: Generated<string>;
  loan_id: string;
  from_status: number;
  to_status: number;
  actor_kind: ActorKind;
  actor_id: string | null;
  reason: string;
  at: CreatedAt;
}

export interface LedgerAccountsTable {
  id: Generated<string>;
  code: string;
  loan_id: string | null;
}
export interface LedgerTransactionsTable {
  id: Generated<string>;
  idempotency_key: string;
  kind: string;
  loan_id: string | null;
  at: CreatedAt;
  detail: Json<Record<string, unknown>>;
}
export interface LedgerPostingsTable {
  id: Generated<string>;
  transaction_id: string;
  account_id: string;
  amount: Cents;
}
export interface LoanDecisionsTable {
  id: Generated<string>;
  loan_id: string;
  outcome: string;
  reasons: Json<Array<{ code: string; text: string }>>;
  automated: boolean;
  decided_by: string;
  requested_amount: Cents;
  offered_amount: Cents | null;
  at: CreatedAt;
}
export interface DecisionReviewsTable {
  id: Generated<string>;
  loan_id: string;
  user_id: string;
  comment: string | null;
  requested_at: CreatedAt;
  decision_id: string | null;
  /** yyyy-MM-dd (Madrid): the day the answer is due by. */
  due_on: string | Date | null;
  answered_at: Date | null;
  answered_by: string | null;
  outcome: 'upheld' | 'overturned' | null;
  answer: string | null;
}
export type CustomerRightsSettingKey = 'review_answer_days' | 'debt_advice' | 'complaints' | 'contact_rules';
export interface CustomerRightsSettingsTable {
  key: CustomerRightsSettingKey;
  value: Json<unknown>;
  updated_by: Generated<string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export interface CollectionCallsTable {
  id: Generated<string>;
  user_id: string;
  loan_id: string | null;
  staff: string;
  note: string;
  called_at: CreatedAt;
}
export interface LoanSignaturesTable {
  loan_id: string;
  code_id: string;
  amount: Cents;
  iban: string;
  address: string | null;
  signed_at: CreatedAt;
}
export interface LoanAgreementsTable {
  id: Generated<string>;
  loan_id: string;
  type: string;
  name: string;
  pdf: Uint8Array;
  created_at: CreatedAt;
}
export interface PayoutsTable {
  id: Generated<string>;
  loan_id: string;
  idempotency_key: string;
  provider_reference: string;
  amount: Cents;
  iban: string;
  status: 'accepted' | 'confirmed' | 'failed';
  created_at: CreatedAt;
  confirmed_at: Timestamp | null;
  /** 1 for the first transfer, then one more per retry after a bounce (migration 0015). */
  attempt: ColumnType<number, number | undefined, number>;
  /** The bank's reason when the transfer bounced. */
  failure: string | null;
  /** How the bank hears of it: its API with a signed callback, or the day's credit-transfer file (migration 0028). */
  rail: ColumnType<PayoutRail, PayoutRail | undefined, PayoutRail>;
  /** The credit-transfer file it went out in; null while it waits for the day's file. */
  payout_file_id: string | null;
}
export type PayoutRail = 'callback' | 'sepa-file';
export interface PayoutFilesTable {
  id: Generated<string>;
  message_id: string;
  execution_date: DateColumn;
  transactions: number;
  control_sum: Cents;
  xml: string;
  created_by: string;
  created_at: CreatedAt;
}
export interface BankStatementEntriesTable {
  id: Generated<string>;
  /** The bank's own reference of the line (with the account): a statement read again finds it and applies nothing. */
  entry_key: string;
  account_iban: string;
  statement_id: string;
  booked_on: DateColumn | null;
  amount: Cents;
  currency: string;
  concept: string;
  debtor_name: string | null;
  outcome: 'applied' | 'unmatched';
  loan_id: string | null;
  reason: string | null;
  imported_by: string;
  imported_at: CreatedAt;
}
export interface ProviderCallbackNoncesTable {
  provider: string;
  nonce: string;
  at: CreatedAt;
}
export interface FunnelEventsTable {
  id: Generated<string>;
  user_id: string | null;
  loan_id: string | null;
  event: string;
  detail: Json<Record<string, unknown>>;
  at: CreatedAt;
}

/** Kysely table types; each migration's tables are declared here. */
export interface Database {
  regions: RegionsTable;
  cities: CitiesTable;
  streets: StreetsTable;
  user_profiles: UserProfilesTable;
  user_addresses: UserAddressesTable;
  user_employment: UserEmploymentTable;
  user_contacts: UserContactsTable;
  consents: ConsentsTable;
  loans: LoansTable;
  products: ProductsTable;
  product_fee_bands: ProductFeeBandsTable;
  promo_codes: PromoCodesTable;
  discounts: DiscountsTable;
  audit_log: AuditLogTable;
  app_secrets: AppSecretsTable;
  users: UsersTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  customer_mails: CustomerMailsTable;
  mail_outbox: MailOutboxTable;
  sessions: SessionsTable;
  handoff_codes: HandoffCodesTable;
  code_tries: CodeTriesTable;
  loan_transitions: LoanTransitionsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_postings: LedgerPostingsTable;
  loan_decisions: LoanDecisionsTable;
  decision_reviews: DecisionReviewsTable;
  customer_rights_settings: CustomerRightsSettingsTable;
  collection_calls: CollectionCallsTable;
  loan_signatures: LoanSignaturesTable;
  loan_agreements: LoanAgreementsTable;
  payouts: PayoutsTable;
  payout_files: PayoutFilesTable;
  bank_statement_entries: BankStatementEntriesTable;
  provider_callback_nonces: ProviderCallbackNoncesTable;
  funnel_events: FunnelEventsTable;
  sandbox_clock: SandboxClockTable;
  payment_requests: PaymentRequestsTable;
  loan_payments: LoanPaymentsTable;
  loan_extensions: LoanExtensionsTable;
  forbearance_rules: ForbearanceRulesTable;
  loan_due_date_changes: LoanDueDateChangesTable;
  loan_plans: LoanPlansTable;
  loan_withdrawals: LoanWithdrawalsTable;
  loan_cessions: LoanCessionsTable;
  payment_cards: PaymentCardsTable;
  redsys_orders: RedsysOrdersTable;
  redsys_cards: RedsysCardsTable;
  earned_discounts: EarnedDiscountsTable;
  bank_imports: BankImportsTable;
  aggregation_sessions: AggregationSessionsTable;
  documents: DocumentsTable;
  user_documents: UserDocumentsView;
  liveness_checks: LivenessChecksTable;
  user_liveness: UserLivenessView;
  notifications: NotificationsTable;
  provider_events: ProviderEventsTable;
  sandbox_liveness_transactions: SandboxLivenessTransactionsTable;
  staff_accounts: StaffAccountsTable;
  staff_sessions: StaffSessionsTable;
  staff_sign_in_failures: StaffSignInFailuresTable;
  data_exports: DataExportsTable;
  data_erasures: DataErasuresTable;
}

export interface SandboxClockTable {
  id: Generated<boolean>;
  offset_days: number;
}
export type PaymentType = 'prolongation' | 'partial_repay' | 'payoff';
export type PaymentChannel = 'card' | 'bizum';
export interface PaymentRequestsTable {
  id: Generated<string>;
  loan_id: string;
  reference: string;
  payment_type: PaymentType;
  channel: PaymentChannel;
  amount: Cents;
  term: number | null;
  promocode: string | null;
  status: Generated<'pending' | 'paid' | 'failed'>;
  created_at: CreatedAt;
  settled_at: Timestamp | null;
}
export interface LoanPaymentsTable {
  id: Generated<string>;
  loan_id: string;
  external_id: string;
  channel: string;
  payment_type: string;
  amount: Cents;
  applied: Json<Record<string, unknown>>;
  at: CreatedAt;
}
export interface LoanExtensionsTable {
  id: Generated<string>;
  loan_id: string;
  external_id: string;
  term: number;
  cost: Cents;
  promocode: string | null;
  previous_must_pay_date: DateColumn;
  must_pay_date: DateColumn;
  at: CreatedAt;
}
/** A product's forbearance rules (migration 0032): the due-date change, the instalment plan, the extensions' limit. */
export interface ForbearanceRulesTable {
  product_id: number;
  due_date_change_max_days: number;
  due_date_change_max_late_days: number;
  plan_min_instalments: number;
  plan_max_instalments: number;
  plan_monthly_basis_points: number;
  plan_days_before_due: number;
  plan_grace_days: number;
  max_extensions: number;
}
export interface LoanDueDateChangesTable {
  id: Generated<string>;
  loan_id: string;
  idempotency_key: string;
  days: number;
  cost: Cents;
  previous_must_pay_date: DateColumn;
  must_pay_date: DateColumn;
  at: CreatedAt;
}
export interface LoanPlansTable {
  id: Generated<string>;
  loan_id: string;
  idempotency_key: string;
  instalments: Json<Array<{ number: number; date: string; amount: number }>>;
  cost: Cents;
  pay_now: Cents;
  total: Cents;
  tae: ColumnType<string | number, number, number>;
  previous_must_pay_date: DateColumn;
  status: ColumnType<'active' | 'broken', 'active' | 'broken' | undefined, 'active' | 'broken'>;
  broken_on: ColumnType<string | null, string | null | undefined, string | null>;
  at: CreatedAt;
}
export interface LoanWithdrawalsTable {
  loan_id: string;
  requested_on: DateColumn;
  principal: Cents;
  interest: Cents;
  amount: Cents;
  acknowledgement: string;
  at: CreatedAt;
}
export interface LoanCessionsTable {
  loan_id: string;
  buyer: Json<Record<string, unknown>>;
  balance: Cents;
  sold_date: ColumnType<string | null, string | null | undefined, string | null>;
  at: CreatedAt;
}

// Payment cards, earned discounts and the bank-data imports.
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

/** Redsys's order numbers and what each stands for (migration 0030). */
export interface RedsysOrdersTable {
  order_id: string;
  kind: 'payment' | 'card' | 'charge';
  reference: string;
  amount: Cents;
  /** Ds_Response once the gateway answered (its notification, or the REST charge's answer). */
  response: string | null;
  created_at: CreatedAt;
  answered_at: Timestamp | null;
}
/** A card Redsys saved (Ds_Merchant_Identifier) and the card-on-file id its later charges quote. */
export interface RedsysCardsTable {
  identifier: string;
  cof_txnid: string | null;
  created_at: CreatedAt;
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

// Identity documents and liveness checks.
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

/** View: `type` is skip_<type> for a skipped document. */
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

// The customer's inbox.
export type NotificationSeverity = 'warning' | 'error' | 'success' | 'info';

export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  message: string;
  severity: Generated<NotificationSeverity>;
  created_at: Timestamp;
  read_at: Timestamp | null;
}

// What the providers told us (callbacks, liveness verdicts).
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

// Staff accounts and their sessions.
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

// The customer's data rights: exports and erasures.
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
