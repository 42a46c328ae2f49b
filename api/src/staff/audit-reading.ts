import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { USERNAME } from './accounts';
import { findCustomers, findCustomersByName, searchKindOf } from './customers';

/** Audit entries per page in the console. */
export const AUDIT_PAGE_SIZE = 50;

/** The audit page's filters as typed (query string), kept to fill the form again. */
export interface AuditQuery {
  staff: string;
  action: string;
  customer: string;
  from: string;
  to: string;
  page: number;
}

export type AuditField = 'staff' | 'action' | 'customer' | 'from' | 'to';
export type AuditProblem = 'staffUnknown' | 'customerUnreadable' | 'dateInvalid' | 'dateOrder';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (value: string) => {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** Reads the audit page's query string: each filter trimmed and bounded, the page a positive number. */
export function auditQueryOf(query: Record<string, unknown>): AuditQuery {
  const text = (name: string, max: number) =>
    String(query[name] ?? '')
      .trim()
      .slice(0, max);
  const page = Number.parseInt(text('page', 6), 10);
  return {
    staff: text('staff', 40).toLowerCase(),
    action: text('action', 60),
    customer: text('customer', 60),
    from: text('from', 10),
    to: text('to', 10),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** A pure check of the filters: which field is wrong and why (dates are days, the range in order). */
export function auditProblems(query: AuditQuery): Partial<Record<AuditField, AuditProblem>> {
  const problems: Partial<Record<AuditField, AuditProblem>> = {};
  if (query.staff && !USERNAME.test(query.staff)) problems.staff = 'staffUnknown';
  if (query.customer && !searchKindOf(query.customer)) problems.customer = 'customerUnreadable';
  if (query.from && !realDate(query.from)) problems.from = 'dateInvalid';
  if (query.to && !realDate(query.to)) problems.to = 'dateInvalid';
  if (!problems.from && !problems.to && query.from && query.to && query.to < query.from) problems.to = 'dateOrder';
  return problems;
}

/** Every subject the audit writes about a customer: the customer (`user:<id>`) and each of their loans. */
async function subjectsOfCustomer(db: Kysely<Database>, customer: string): Promise<string[]> {
  const search = searchKindOf(customer);
  const users =
    search?.kind === 'name' ? (await findCustomersByName(db, search.value, 1)).ids : await findCustomers(db, customer);
  if (users.length === 0) return [];
  const loans = await db.selectFrom('loans').select('id').where('user_id', 'in', users).execute();
  return [...users.map((id) => `user:${id}`), ...loans.map((loan) => `loan:${loan.id}`)];
}

/**
 * One page of the audit log, newest first, by staff member (`staff:<username>`), by action (any part of it, in
 * any case), by customer (a phone, DNI/NIE, loan id or name: the customer and their loans) and by days
 * (inclusive, in Spanish peninsular time). Call with filters auditProblems() found nothing wrong with.
 */
export async function readAudit(db: Kysely<Database>, query: AuditQuery) {
  let entries = db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((query.page - 1) * AUDIT_PAGE_SIZE);
  if (query.staff) entries = entries.where('actor', '=', `staff:${query.staff}`);
  if (query.action) entries = entries.where(sql<boolean>`strpos(lower(action), ${query.action.toLowerCase()}) > 0`);
  if (query.customer) {
    const subjects = await subjectsOfCustomer(db, query.customer);
    if (subjects.length === 0) return { rows: [], more: false };
    entries = entries.where('subject', 'in', subjects);
  }
  if (query.from)
    entries = entries.where(sql<boolean>`at >= (${query.from}::date::timestamp at time zone 'Europe/Madrid')`);
  if (query.to) {
    entries = entries.where(sql<boolean>`at < ((${query.to}::date + 1)::timestamp at time zone 'Europe/Madrid')`);
  }
  const rows = await entries.execute();
  return { rows: rows.slice(0, AUDIT_PAGE_SIZE), more: rows.length > AUDIT_PAGE_SIZE };
}

/** The usernames of every staff account, for the audit's staff filter. */
export async function staffUsernames(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('staff_accounts').select('username').orderBy('username').execute();
  return rows.map((row) => row.username);
}
