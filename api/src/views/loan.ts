import type { LoanView } from '@credimo/shared/contract';
import { LENDER_TIME_ZONE, madridDay, madridToday } from '@credimo/shared/domain';
import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { compiledOnce } from '../db/prepared';
import type { Database, LoanCessionsTable, LoanWithdrawalsTable, ProductsTable } from '../db/schema';
import { todayFromBalances } from '../domain/ledger';
import { type Session, sessionOf, type ViewVersions, versionsOf, withLiveSession } from '../identity/sessions';
import { agreementLinkKey, agreementLinks, agreementLinksChangeAt } from '../loans/agreements';
import { type LoanRowLike, loanView, openFirst } from '../loans/applications';
import { openLoanId } from '../loans/ownership';
import { pricingRules } from '../pricing/repository';
import { PENDING_PAYMENT_MINUTES } from '../servicing/payment-requests';
import { servicingFields } from './servicing';

/**
 * What a loan's view needs beyond its row (balances from the ledger, agreement links, servicing state, the
 * product's rules), as JSON subqueries correlated on loans.id: any statement that reads a loan reads all of it
 * in the same round trip (GET /v2/user, GET /v2/loan, GET /v2/loans). To add a part: one entry here, read it in
 * loanViewOf. Every table read here is listed in db/view-versions.ts (the poll test checks it).
 */
export function loanParts(eb: ExpressionBuilder<Database, 'loans'>) {
  return [
    jsonArrayFrom(
      eb
        .selectFrom('ledger_accounts as account')
        .innerJoin('ledger_postings as posting', 'posting.account_id', 'account.id')
        .select([
          'account.code',
          sql<number>`sum(posting.amount)`.as('balance'),
          sql<number>`sum(greatest(posting.amount, 0))`.as('debited'),
        ])
        .whereRef('account.loan_id', '=', 'loans.id')
        .groupBy('account.code'),
    ).as('ledger_balances'),
    jsonArrayFrom(
      eb
        .selectFrom('loan_agreements as agreement')
        .select(['agreement.id', 'agreement.type', 'agreement.name'])
        .whereRef('agreement.loan_id', '=', 'loans.id')
        .orderBy('agreement.id'),
    ).as('agreement_rows'),
    // The loan's has_pending_payment, with the instant it stops being true (a request the provider never answered).
    eb
      .selectFrom('payment_requests as pending')
      .select(
        sql<string | null>`min(pending.created_at) + make_interval(mins => ${PENDING_PAYMENT_MINUTES})`.as('until'),
      )
      .whereRef('pending.loan_id', '=', 'loans.id')
      .where('pending.status', '=', 'pending')
      .where('pending.created_at', '>=', sql<Date>`now() - make_interval(mins => ${PENDING_PAYMENT_MINUTES})`)
      .as('pending_until'),
    jsonObjectFrom(eb.selectFrom('loan_withdrawals as w').selectAll('w').whereRef('w.loan_id', '=', 'loans.id')).as(
      'withdrawal_row',
    ),
    jsonObjectFrom(
      eb.selectFrom('loan_cessions as c').select(['c.buyer', 'c.sold_date']).whereRef('c.loan_id', '=', 'loans.id'),
    ).as('cession_row'),
    jsonObjectFrom(
      eb.selectFrom('products as product').selectAll('product').whereRef('product.id', '=', 'loans.product_id'),
    ).as('product_row'),
    jsonArrayFrom(
      eb
        .selectFrom('product_fee_bands as band')
        .select(['band.max_term', 'band.daily_basis_points'])
        .whereRef('band.product_id', '=', 'loans.product_id')
        .orderBy('band.max_term'),
    ).as('fee_bands'),
  ];
}

/** A loans row with its parts, as a statement or a JSON part of one brings it. */
export type LoanWithParts = LoanRowLike & {
  ledger_balances: Array<{ code: string; balance: number | string; debited: number | string }>;
  agreement_rows: Array<{ id: string | number; type: string; name: string }>;
  pending_until: string | Date | null;
  withdrawal_row: Selectable<LoanWithdrawalsTable> | null;
  cession_row: Pick<Selectable<LoanCessionsTable>, 'buyer' | 'sold_date'> | null;
  product_row: Selectable<ProductsTable> | null;
  fee_bands: Array<{ max_term: number; daily_basis_points: number }>;
};

/** What a loan's view depends on besides its data: the servicing clock's offset and the links' key. */
export interface LoanViewContext {
  /** The real instant, ms. */
  now: number;
  /** The sandbox clock's offset in days (npm run ops -- advance-days N); 0 in production. */
  clockOffsetDays: number;
  agreementKey: string;
}

/** The instant (ms) Madrid's day at `now` ends: when "today" moves on for every customer. */
export function madridDayEndsAt(now: Date | number): number {
  return startOfDay(addDays(new TZDate(typeof now === 'number' ? now : now.getTime(), LENDER_TIME_ZONE), 1)).getTime();
}

/**
 * The loan from a row with its parts (pure), and the instant this view stops being right without
 * any write (the day changes; the agreement links' expiry steps; a pending payment lapses): null for never.
 */
export function loanViewOf(row: LoanWithParts, context: LoanViewContext): { view: LoanView; changesAt: number } {
  const now = new Date(context.now);
  // Servicing's clock, on Madrid's calendar: the sandbox can run ahead of the real date by whole days.
  const today = madridDay(addDays(now, context.clockOffsetDays));
  const pendingUntil = row.pending_until === null ? null : new Date(row.pending_until).getTime();
  const pending = pendingUntil !== null && pendingUntil > context.now;
  if (!row.product_row) throw new Error(`loan ${row.id} has no product ${row.product_id}`);
  const balances = Object.fromEntries(
    row.ledger_balances.map((b) => [b.code, { balance: Number(b.balance), debited: Number(b.debited) }]),
  );
  const agreements = agreementLinks(row.agreement_rows, context.agreementKey, context.now);
  const servicing = servicingFields(
    row,
    {
      pending,
      withdrawal: row.withdrawal_row,
      cession: row.cession_row,
      rules: pricingRules(row.product_row, row.fee_bands),
    },
    today,
  );
  const view = {
    ...loanView(row, today),
    agreements,
    calculations: { today: todayFromBalances(balances) },
    ...servicing,
  };
  const changes = [madridDayEndsAt(now)];
  if (agreements.length > 0) changes.push(agreementLinksChangeAt(context.now));
  if (pending && pendingUntil !== null) changes.push(pendingUntil);
  return { view, changesAt: Math.min(...changes) };
}

/** The context of loanViewOf from the database (the clock's offset; the key is read once per process). */
export async function loanViewContext(db: Kysely<Database>, clockOffsetDays?: number): Promise<LoanViewContext> {
  const [offset, agreementKey] = await Promise.all([
    clockOffsetDays ??
      db
        .selectFrom('sandbox_clock')
        .select('offset_days')
        .executeTakeFirst()
        .then((row) => row?.offset_days ?? 0),
    agreementLinkKey(db),
  ]);
  return { now: Date.now(), clockOffsetDays: offset, agreementKey };
}

/** The statement's column with the sandbox clock's offset (one row, or none: 0). */
export const clockOffsetColumn = (eb: ExpressionBuilder<Database, never>) =>
  eb.selectFrom('sandbox_clock').select('sandbox_clock.offset_days').limit(1).as('clock_offset');

const loansWithParts = (db: Kysely<Database>) => db.selectFrom('loans').selectAll('loans').select(loanParts);

/** The loan view with what lives outside the loan row, read again with its parts in one statement. */
export async function fullLoanView(db: Kysely<Database>, row: LoanRowLike): Promise<LoanView> {
  const [withParts, context] = await Promise.all([
    loansWithParts(db).where('loans.id', '=', String(row.id)).executeTakeFirstOrThrow(),
    loanViewContext(db),
  ]);
  return loanViewOf(withParts as LoanWithParts, context).view;
}

/** The customer's open loan as the API answers it (404 when there is none, as openLoanId says). */
export async function openLoanView(db: Kysely<Database>, userId: string): Promise<LoanView> {
  const loanId = await openLoanId(db, userId);
  return fullLoanView(db, { id: loanId } as LoanRowLike);
}

/** The customer's current loan with its parts: open first, then the newest (correlated on `user`). */
export function currentLoanPart(eb: ExpressionBuilder<Database, never>, user: 'live.user_id' | 'users.id') {
  return jsonObjectFrom(
    eb
      .selectFrom('loans')
      .selectAll('loans')
      .select(loanParts)
      .where('loans.user_id', '=', eb.ref(user as never))
      .orderBy(openFirst)
      .orderBy('loans.request_date', 'desc')
      .orderBy('loans.id', 'desc')
      .limit(1),
  );
}

/** GET /v2/loan's one statement: the session check, the versions and the current loan. */
const loanByTokenHash = compiledOnce((db: Kysely<Database>, tokenHash: string) =>
  withLiveSession(db, tokenHash)
    .selectFrom('live')
    .select(['live.id as session_id', 'live.user_id', 'live.kind as session_kind', 'live.actor as session_actor'])
    .select((eb) => [
      ...versionsOf(eb as unknown as ExpressionBuilder<Database, never>, 'live.user_id'),
      clockOffsetColumn(eb as unknown as ExpressionBuilder<Database, never>),
      currentLoanPart(eb as unknown as ExpressionBuilder<Database, never>, 'live.user_id').as('loan'),
    ]),
);

/** GET /v2/loan in one round trip: null when the token has no live session. */
export async function currentLoanByToken(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<{ session: Session; versions: ViewVersions; view: LoanView | null; changesAt: number } | null> {
  const [row] = await loanByTokenHash(db, tokenHash);
  if (!row) return null;
  const loan = row.loan as LoanWithParts | null;
  const context = await loanViewContext(db, Number(row.clock_offset ?? 0));
  const made = loan ? loanViewOf(loan, context) : null;
  return {
    session: sessionOf(row),
    versions: { user: row.user_version, shared: row.shared_version },
    view: made?.view ?? null,
    changesAt: made?.changesAt ?? 0,
  };
}

/** GET /v2/loans: every application and loan of the customer, newest first, each with what was paid on it. */
export async function loansOf(db: Kysely<Database>, userId: string): Promise<LoanView[]> {
  const [rows, context, paid] = await Promise.all([
    loansWithParts(db)
      .where('loans.user_id', '=', userId)
      .orderBy('loans.request_date', 'desc')
      .orderBy('loans.id', 'desc')
      .execute(),
    loanViewContext(db),
    db
      .selectFrom('loan_payments as p')
      .innerJoin('loans as l', 'l.id', 'p.loan_id')
      .select(['p.loan_id', 'p.channel', 'p.payment_type', 'p.amount', 'p.at'])
      .where('l.user_id', '=', userId)
      .orderBy('p.at')
      .orderBy('p.id')
      .execute(),
  ]);
  return rows.map((row) => ({
    ...loanViewOf(row as LoanWithParts, context).view,
    payments: paid
      .filter((p) => String(p.loan_id) === String(row.id))
      .map((p) => ({
        date: madridToday(new Date(p.at)),
        method: p.channel,
        payment_type: p.payment_type,
        amount: Number(p.amount),
      })),
  }));
}
