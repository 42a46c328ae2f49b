import { LoanStatus } from '@credimo/shared/domain';
import { nationalDigits } from '@credimo/shared/format';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { clockToday } from '../domain/clock';
import { findUserIdByPhone } from '../identity/users';
import { loanIdByReference } from '../loans/applications';
import { loanForbearance } from '../servicing/forbearance';

const money = (value: string | number | null) => (value === null ? null : Number(value));

/** What staff typed in the search box: a phone, a DNI/NIE, a loan id or (part of) a name. */
export type SearchKind = 'phone' | 'personal_id' | 'loan' | 'name';

/** Lower case without accents or diacritics: how names are compared ("Íñigo" finds "iñigo", "INIGO", "inigo"). */
export const plainName = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** A name typed in the search box: letters (any accent), spaces, hyphens and apostrophes; two letters at least. */
const NAME = /^[\p{L}' -]+$/u;

/** A pure reading of the search box: which of the four it looks like, or null. */
export function searchKindOf(input: string): { kind: SearchKind; value: string } | null {
  const name = plainName(input);
  if (NAME.test(input.trim()) && name.replace(/[^a-z]/g, '').length >= 2 && !/^(cr|[xyz])?\d/i.test(name)) {
    return { kind: 'name', value: name };
  }
  const compact = input.replace(/[\s.-]/g, '').toUpperCase();
  if (/^[XYZ]?\d{7,8}[A-Z]$/.test(compact)) return { kind: 'personal_id', value: compact };
  if (/^CR\d{1,18}$/.test(compact)) return { kind: 'loan', value: compact };
  const digits = nationalDigits(compact);
  if (/^\d{9}$/.test(digits)) return { kind: 'phone', value: digits };
  if (/^\d{1,8}$/.test(compact)) return { kind: 'loan', value: compact };
  return null;
}

/** Customers per page of search results. */
export const SEARCH_PAGE_SIZE = 20;

/** The database's side of plainName: accents folded by translate() (no extension needed), then lower(). */
const ACCENTED = 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç';
const PLAIN = 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc';
const fullName = sql<string>`lower(translate(p.first_name || ' ' || p.first_surname || ' ' || coalesce(p.second_surname, ''), ${ACCENTED}, ${PLAIN}))`;

/**
 * The customers whose first name or surnames hold every word typed, in any case and with or without accents,
 * in whole or in part ("gar" finds García), ordered by surname; one page of them and whether more follow.
 */
export async function findCustomersByName(db: Kysely<Database>, name: string, page = 1) {
  const words = plainName(name)
    .split(' ')
    .map((word) => word.replace(/[^a-z'-]/g, ''))
    .filter(Boolean)
    .slice(0, 6);
  if (words.length === 0) return { ids: [], more: false };
  let query = db
    .selectFrom('user_profiles as p')
    .select('p.user_id')
    .orderBy('p.first_surname')
    .orderBy('p.first_name')
    .orderBy('p.user_id')
    .limit(SEARCH_PAGE_SIZE + 1)
    .offset((page - 1) * SEARCH_PAGE_SIZE);
  for (const word of words) query = query.where(sql<boolean>`strpos(${fullName}, ${word}) > 0`);
  const rows = await query.execute();
  return {
    ids: rows.slice(0, SEARCH_PAGE_SIZE).map((row) => String(row.user_id)),
    more: rows.length > SEARCH_PAGE_SIZE,
  };
}

/** One page of what the search box finds: a name may find many customers, the rest one at most. */
export async function searchCustomers(db: Kysely<Database>, input: string, page = 1) {
  const search = searchKindOf(input);
  const { ids, more } =
    search?.kind === 'name'
      ? await findCustomersByName(db, search.value, page)
      : { ids: page === 1 ? await findCustomers(db, input) : [], more: false };
  const rows = await customerSummaries(db, ids);
  const order = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => (order.get(String(a.id)) ?? 0) - (order.get(String(b.id)) ?? 0));
  return { rows, more, page };
}

/** The customers a phone, DNI/NIE or loan id finds (a loan id finds its borrower). */
export async function findCustomers(db: Kysely<Database>, input: string): Promise<string[]> {
  const search = searchKindOf(input);
  if (!search || search.kind === 'name') return [];
  if (search.kind === 'phone') {
    const id = await findUserIdByPhone(db, search.value);
    return id ? [String(id)] : [];
  }
  if (search.kind === 'personal_id') {
    const rows = await db
      .selectFrom('user_profiles')
      .select('user_id')
      .where('personal_id', '=', search.value)
      .execute();
    return rows.map((row) => String(row.user_id));
  }
  const loanId = await loanIdByReference(db, search.value);
  if (!loanId) return [];
  const loan = await db.selectFrom('loans').select('user_id').where('id', '=', loanId).executeTakeFirst();
  return loan ? [String(loan.user_id)] : [];
}

/** One line per customer for a list of results. */
export async function customerSummaries(db: Kysely<Database>, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('users as u')
    .leftJoin('user_profiles as p', 'p.user_id', 'u.id')
    .select([
      'u.id',
      'u.mobile_phone',
      'u.is_blocked',
      'u.is_blacklisted',
      'p.first_name',
      'p.first_surname',
      'p.personal_id',
    ])
    .where('u.id', 'in', userIds)
    .orderBy('u.id')
    .execute();
}

/** Everything staff see of one customer: profile, documents, loans with their transitions, postings, payments. */
export async function customerFile(db: Kysely<Database>, userId: string) {
  if (!/^\d{1,18}$/.test(userId)) return null;
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
  const [profile, addresses, employment, documents, loans] = await Promise.all([
    db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('user_addresses').selectAll().where('user_id', '=', userId).orderBy('kind').execute(),
    db.selectFrom('user_employment').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('documents')
      .select(['type', 'skipped', 'uploaded_at', 'width', 'height'])
      .where('user_id', '=', userId)
      .orderBy('type')
      .execute(),
    db.selectFrom('loans').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute(),
  ]);
  const loanIds = loans.map((loan) => loan.id);
  const [transitions, postings, payments, requests, decisions, cessions] = loanIds.length
    ? await Promise.all([
        db.selectFrom('loan_transitions').selectAll().where('loan_id', 'in', loanIds).orderBy('id').execute(),
        db
          .selectFrom('ledger_postings as p')
          .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
          .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
          .select(['p.id', 't.loan_id', 't.kind', 't.at', 'a.code', 'p.amount', 'p.transaction_id'])
          .where('t.loan_id', 'in', loanIds)
          .orderBy('p.id')
          .execute(),
        db.selectFrom('loan_payments').selectAll().where('loan_id', 'in', loanIds).orderBy('id').execute(),
        db.selectFrom('payment_requests').selectAll().where('loan_id', 'in', loanIds).orderBy('id').execute(),
        db.selectFrom('loan_decisions').selectAll().where('loan_id', 'in', loanIds).orderBy('id').execute(),
        db.selectFrom('loan_cessions').selectAll().where('loan_id', 'in', loanIds).execute(),
      ])
    : [[], [], [], [], [], []];
  const today = await clockToday(db);
  const forbearanceOf = new Map(
    await Promise.all(
      loans.map(
        async (loan) => [String(loan.id), await loanForbearance(db, String(loan.id), loan.product_id, today)] as const,
      ),
    ),
  );
  const of = <T extends { loan_id: string | null }>(rows: T[], loanId: string): T[] =>
    rows.filter((row) => String(row.loan_id) === String(loanId));
  return {
    user,
    profile: profile ?? null,
    addresses,
    employment: employment ?? null,
    documents,
    loans: loans.map((loan) => ({
      loan,
      transitions: of(transitions, loan.id),
      postings: of(postings, loan.id).map((p) => ({ ...p, amount: money(p.amount) ?? 0 })),
      payments: of(payments, loan.id).map((p) => ({ ...p, amount: money(p.amount) ?? 0 })),
      requests: of(requests, loan.id).map((r) => ({ ...r, amount: money(r.amount) ?? 0 })),
      decisions: of(decisions, loan.id),
      cession: of(cessions, loan.id)[0] ?? null,
      forbearance: forbearanceOf.get(String(loan.id)) ?? { change: null, plan: null },
    })),
  };
}

export type CustomerFile = NonNullable<Awaited<ReturnType<typeof customerFile>>>;

/** The manual verification queue: loans in AwaitingVerification (33), oldest first. */
export function verificationQueue(db: Kysely<Database>) {
  return db
    .selectFrom('loans as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .leftJoin('user_profiles as p', 'p.user_id', 'l.user_id')
    .select([
      'l.id',
      'l.public_id',
      'l.user_id',
      'l.request_amount',
      'l.term',
      'l.status_changed_at',
      'u.mobile_phone',
      'p.first_name',
      'p.first_surname',
      'p.personal_id',
    ])
    .where('l.status', '=', LoanStatus.AwaitingVerification)
    .orderBy('l.status_changed_at')
    .limit(200)
    .execute();
}

/** Blocks or unblocks (is_blocked), blacklists or clears (is_blacklisted) a customer; false when no such customer. */
export async function setCustomerFlag(
  db: Kysely<Database>,
  userId: string,
  flag: 'is_blocked' | 'is_blacklisted',
  value: boolean,
): Promise<boolean> {
  if (!/^\d{1,18}$/.test(userId)) return false;
  const result = await db
    .updateTable('users')
    .set({ [flag]: value })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The audit log, newest first: everything, or what concerns one subject (`user:<id>`, `loan:<id>`). */
export function auditEntries(db: Kysely<Database>, filter: { subject?: string; actor?: string; limit?: number }) {
  let query = db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(filter.limit ?? 200);
  if (filter.subject) query = query.where('subject', '=', filter.subject);
  if (filter.actor) query = query.where('actor', '=', filter.actor);
  return query.execute();
}
