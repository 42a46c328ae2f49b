import { type Kysely, sql } from 'kysely';

/**
 * The operators' console: staff accounts (agent, admin) with an argon2id password and a TOTP second
 * factor, and their sessions, kept apart from customers' so that neither kind of token opens the other's door.
 * What staff do is written to audit_log like every operator action.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table staff_accounts (
      id bigserial primary key,
      username text not null unique check (username ~ '^[a-z0-9._-]{2,40}$'),
      role text not null check (role in ('agent','admin')),
      password_hash text not null,
      totp_secret text not null,
      totp_last_step bigint,
      failed_attempts integer not null default 0,
      locked_until timestamptz,
      disabled_at timestamptz,
      created_by text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table staff_sessions (
      id bigserial primary key,
      token_hash text not null unique,
      staff_id bigint not null references staff_accounts(id) on delete cascade,
      created_ip text,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      revoked_by text
    )`.execute(db);
  await sql`create index staff_sessions_live on staff_sessions (staff_id) where revoked_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists staff_sessions`.execute(db);
  await sql`drop table if exists staff_accounts`.execute(db);
}
