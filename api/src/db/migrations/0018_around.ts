import { type Kysely, sql } from 'kysely';

/**
 * Around the customer journey: short links the API keeps and redirects from, the log lines and funnel
 * events the customer app sends (POST /v2/send-log-data, sandbox sink), and each customer's feature flags
 * (null: the configured default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table short_links (
      hash text primary key,
      target text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz,
      hits integer not null default 0
    )`.execute(db);
  await sql`
    create table client_log_events (
      id bigserial primary key,
      user_id bigint references users(id) on delete cascade,
      type text not null,
      message text not null,
      context jsonb not null default '{}'::jsonb,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index client_log_events_type_at on client_log_events (type, at)`.execute(db);
  await sql`
    create table customer_flags (
      user_id bigint primary key references users(id) on delete cascade,
      bizum boolean,
      payment_processing_view boolean,
      liveness boolean,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['customer_flags', 'client_log_events', 'short_links']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
