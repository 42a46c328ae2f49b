import { type Kysely, sql } from 'kysely';

/**
 * The customer's rights around a refusal and a debt:
 * - decision_reviews: the request is tied to the decision it questions, due by a day, and answered by staff
 *   (upheld or overturned, with the reason the customer reads);
 * - customer_rights_settings: the rules operators change without a release (answer days, the debt-advice services,
 *   the complaints service, collection's contact hours and limits), one JSON value per key;
 * - collection_calls: the calls staff log, listed to the customer with the SMS and emails sent;
 * - customer_mails may carry a review's answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table decision_reviews
      add column decision_id bigint references loan_decisions(id) on delete cascade,
      add column due_on date,
      add column answered_at timestamptz,
      add column answered_by text,
      add column outcome text check (outcome in ('upheld', 'overturned')),
      add column answer text,
      add constraint decision_reviews_answer_whole check ((answered_at is null) = (outcome is null) and (outcome is null) = (answer is null))
  `.execute(db);
  await sql`
    update decision_reviews r set
      decision_id = (select max(d.id) from loan_decisions d where d.loan_id = r.loan_id and d.automated),
      due_on = (r.requested_at at time zone 'Europe/Madrid')::date + 15
  `.execute(db);
  await sql`create unique index decision_reviews_decision on decision_reviews (decision_id)`.execute(db);
  await sql`create index decision_reviews_waiting on decision_reviews (due_on) where answered_at is null`.execute(db);

  await sql`
    create table customer_rights_settings (
      key text primary key check (key in ('review_answer_days', 'debt_advice', 'complaints', 'contact_rules')),
      value jsonb not null,
      updated_by text not null default 'migration',
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table collection_calls (
      id bigserial primary key,
      user_id bigint not null references users(id) on delete cascade,
      loan_id bigint references loans(id) on delete cascade,
      staff text not null,
      note text not null,
      called_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index collection_calls_user on collection_calls (user_id, called_at)`.execute(db);

  await sql`alter table customer_mails drop constraint customer_mails_kind_check`.execute(db);
  await sql`
    alter table customer_mails add constraint customer_mails_kind_check
      check (kind in ('receipt', 'agreement', 'withdrawal', 'reminder', 'review_answer'))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from customer_mails where kind = 'review_answer'`.execute(db);
  await sql`alter table customer_mails drop constraint customer_mails_kind_check`.execute(db);
  await sql`
    alter table customer_mails add constraint customer_mails_kind_check
      check (kind in ('receipt', 'agreement', 'withdrawal', 'reminder'))
  `.execute(db);
  await sql`drop table collection_calls`.execute(db);
  await sql`drop table customer_rights_settings`.execute(db);
  await sql`drop index decision_reviews_waiting`.execute(db);
  await sql`drop index decision_reviews_decision`.execute(db);
  await sql`
    alter table decision_reviews
      drop constraint decision_reviews_answer_whole,
      drop column answer, drop column outcome, drop column answered_by, drop column answered_at,
      drop column due_on, drop column decision_id
  `.execute(db);
}
