import type { DataExportFormat, DataExportView } from '@credimo/shared/contract';
import { messages } from '@credimo/shared/i18n';
import { fill } from '@credimo/shared/i18n/fill';
import { account as texts } from '@credimo/shared/i18n/screens/account';
import { addDays } from 'date-fns';
import type { Kysely } from 'kysely';
import { wireDay } from '../db/dates';
import type { Database } from '../db/schema';
import type { DocumentLayout } from '../documents/layout';
import { documentPdf } from '../documents/pdf';
import { ApiError } from '../errors';
import { notifyCustomer } from '../notifications';
import type { JobQueue } from '../queue/job-queue';

/** How long a ready export is offered for, unless configured (DATA_EXPORT_DAYS). */
export const EXPORT_DAYS = 7;

type Value = string | number | boolean | null;
type Record_ = Record<string, Value>;
/** Everything held about a customer, by section: one record (or null) or a list of records. */
export type CustomerData = Record<string, Record_ | Record_[] | null>;

const DATE_COLUMNS = new Set(['expiry_date', 'birthday', 'employment_date', 'income_date', 'give_date']);
const DAY_COLUMNS = new Set([...DATE_COLUMNS, 'must_pay_date', 'returned_date']);
const CENT_COLUMNS = new Set(['request_amount', 'commission', 'return_amount', 'amount', 'income_amount']);

/** A database row as plain JSON values: instants in ISO 8601, days as yyyy-MM-dd, cents as numbers, ids as text. */
export function plainRecord(row: Record<string, unknown>): Record_ {
  const out: Record_ = {};
  for (const [key, value] of Object.entries(row)) {
    if (DAY_COLUMNS.has(key)) out[key] = wireDay(value);
    else if (value instanceof Date) out[key] = value.toISOString();
    else if (CENT_COLUMNS.has(key) && value !== null) out[key] = Number(value);
    else if (key === 'id' || key.endsWith('_id')) out[key] = value === null ? null : String(value);
    else if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value as Value;
    else out[key] = JSON.stringify(value);
  }
  return out;
}

/** Gathers everything held about the customer (profile, consents, loans, payments, documents, sessions...). */
export async function customerData(db: Kysely<Database>, userId: string): Promise<CustomerData> {
  const one = async (row: Promise<Record<string, unknown> | undefined>) => {
    const found = await row;
    return found ? plainRecord(found) : null;
  };
  const many = async (rows: Promise<Array<Record<string, unknown>>>) => (await rows).map(plainRecord);
  return {
    customer: await one(
      db
        .selectFrom('users')
        .select([
          'id',
          'mobile_phone',
          'phone_confirmed_at',
          'agree_marketing',
          'marketing_consent_at',
          'utm_source',
          'created_at',
        ])
        .where('id', '=', userId)
        .executeTakeFirst(),
    ),
    profile: await one(db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst()),
    addresses: await many(db.selectFrom('user_addresses').selectAll().where('user_id', '=', userId).execute()),
    employment: await one(
      db.selectFrom('user_employment').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    ),
    contacts: await many(db.selectFrom('user_contacts').selectAll().where('user_id', '=', userId).execute()),
    consents: await many(
      db
        .selectFrom('consents')
        .select(['kind', 'accepted', 'text_version', 'at', 'address'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
    ),
    loans: await many(
      db
        .selectFrom('loans')
        .select([
          'public_id',
          'status',
          'request_amount',
          'commission',
          'return_amount',
          'term',
          'tae_tenths',
          'iban',
          'request_date',
          'give_date',
          'must_pay_date',
          'returned_date',
          'signed_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
    ),
    payments: await many(
      db
        .selectFrom('loan_payments as p')
        .innerJoin('loans as l', 'l.id', 'p.loan_id')
        .select(['l.public_id as loan', 'p.channel', 'p.payment_type', 'p.amount', 'p.at'])
        .where('l.user_id', '=', userId)
        .orderBy('p.id')
        .execute(),
    ),
    documents: await many(
      db
        .selectFrom('documents')
        .select(['type', 'skipped', 'uploaded_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
    ),
    paymentCards: await many(
      db
        .selectFrom('payment_cards')
        .select(['pan', 'holder', 'expiry_month', 'expiry_year', 'status', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
    ),
    notifications: await many(
      db
        .selectFrom('notifications')
        .select(['message', 'severity', 'created_at', 'read_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
    ),
    sessions: await many(
      db
        .selectFrom('sessions')
        .select(['kind', 'actor', 'created_ip', 'created_at', 'last_seen_at', 'expires_at', 'revoked_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
    ),
  };
}

const recordText = (record: Record_) =>
  Object.entries(record)
    .filter(([key]) => key !== 'user_id')
    .map(([key, value]) => `${key}: ${value === null ? '-' : String(value)}`)
    .join(' · ');

/** Pure: the export as a readable document, one section per part, every field named. */
export function exportLayout(data: CustomerData, generatedAt: Date): DocumentLayout {
  const t = texts.dataExport;
  return {
    title: t.title,
    sections: [
      { title: t.title, rows: [[t.generated, generatedAt.toISOString()]] },
      ...Object.entries(data).map(([part, content]) => {
        const records = content === null ? [] : Array.isArray(content) ? content : [content];
        return {
          title: t.sections[part] ?? part,
          paragraphs: records.length ? records.map(recordText) : [t.empty],
        };
      }),
    ],
  };
}

/** POST: a new export is queued (one at a time: while one is preparing, asking again changes nothing). */
export async function requestExport(
  db: Kysely<Database>,
  jobs: JobQueue,
  userId: string,
  days = EXPORT_DAYS,
): Promise<DataExportView> {
  await db.transaction().execute(async (trx) => {
    const preparing = await trx
      .selectFrom('data_exports')
      .select('id')
      .where('user_id', '=', userId)
      .where('ready_at', 'is', null)
      .executeTakeFirst();
    if (preparing) return;
    const row = await trx
      .insertInto('data_exports')
      .values({ user_id: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await jobs.send('data.export', { exportId: String(row.id), days }, { trx, key: `data.export:${row.id}` });
  });
  return exportView(db, userId);
}

/** The job: builds the JSON and the PDF once; running it again for a built export does nothing. */
export async function buildExport(
  db: Kysely<Database>,
  exportId: string,
  days = EXPORT_DAYS,
  now = new Date(),
): Promise<void> {
  const row = await db
    .selectFrom('data_exports')
    .select(['user_id', 'ready_at'])
    .where('id', '=', exportId)
    .executeTakeFirst();
  if (!row || row.ready_at) return;
  const data = await customerData(db, row.user_id);
  const pdf = await documentPdf(exportLayout(data, now));
  const built = await db
    .updateTable('data_exports')
    .set({
      json: JSON.stringify({ generated_at: now.toISOString(), ...data }, null, 2),
      pdf,
      ready_at: now,
      expires_at: addDays(now, days),
    })
    .where('id', '=', exportId)
    .where('ready_at', 'is', null)
    .executeTakeFirst();
  // Only the run that made it ready tells the customer.
  if (Number(built.numUpdatedRows) === 1)
    await notifyCustomer(db, row.user_id, texts.dataRights.readyNotice, 'success');
}

const latestExport = (db: Kysely<Database>, userId: string) =>
  db
    .selectFrom('data_exports')
    .select(['id', 'requested_at', 'ready_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Pure: what the customer sees of their latest export at `now`. */
export function exportViewOf(
  row: { requested_at: Date; ready_at: Date | null; expires_at: Date | null } | undefined,
  now: Date,
): DataExportView {
  if (!row) return { status: 'none', requested_at: null, expires_at: null, files: [] };
  const requested_at = new Date(row.requested_at).toISOString();
  if (!row.ready_at || !row.expires_at) return { status: 'preparing', requested_at, expires_at: null, files: [] };
  const expires_at = new Date(row.expires_at).toISOString();
  if (new Date(row.expires_at).getTime() <= now.getTime())
    return { status: 'expired', requested_at, expires_at, files: [] };
  return {
    status: 'ready',
    requested_at,
    expires_at,
    files: (['json', 'pdf'] as const).map((format) => ({
      format,
      link: `/v2/user/data_export/${format}`,
      name: fill(texts.dataRights.fileName, { format }),
    })),
  };
}

export async function exportView(db: Kysely<Database>, userId: string, now = new Date()): Promise<DataExportView> {
  return exportViewOf(await latestExport(db, userId), now);
}

/** One file of the customer's latest export, only while it is offered. */
export async function exportFile(
  db: Kysely<Database>,
  userId: string,
  format: DataExportFormat,
  now = new Date(),
): Promise<{ body: Buffer; type: string; name: string }> {
  const row = await db
    .selectFrom('data_exports')
    .select(['json', 'pdf', 'ready_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row?.ready_at || !row.expires_at) throw ApiError.request(404, messages.dataExportNotReady);
  if (new Date(row.expires_at).getTime() <= now.getTime() || row.json === null || row.pdf === null)
    throw ApiError.request(410, messages.dataExportNotReady);
  const name = fill(texts.dataRights.fileName, { format });
  return format === 'json'
    ? { body: Buffer.from(row.json, 'utf8'), type: 'application/json; charset=utf-8', name }
    : { body: Buffer.from(row.pdf), type: 'application/pdf', name };
}

/** Expired exports' files are dropped (the row stays so the customer sees "expired"). */
export async function dropExpiredExports(db: Kysely<Database>, now = new Date()): Promise<number> {
  const dropped = await db
    .updateTable('data_exports')
    .set({ json: null, pdf: null })
    .where('expires_at', '<=', now)
    .where('json', 'is not', null)
    .executeTakeFirst();
  return Number(dropped.numUpdatedRows);
}
