import { type Kysely, sql } from 'kysely';

/**
 * Staff management in the console: an admin's reset leaves an account that must choose a new password
 * (`password_reset_at`) or enrol a new second factor (`totp_reset_at`) at its next sign-in; the audit is read by
 * staff member, action and date, so those get indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_accounts add column password_reset_at timestamptz`.execute(db);
  await sql`alter table staff_accounts add column totp_reset_at timestamptz`.execute(db);
  await sql`alter table staff_accounts add column disabled_by text`.execute(db);
  await sql`create index audit_log_actor_id on audit_log (actor, id)`.execute(db);
  await sql`create index audit_log_action_id on audit_log (action, id)`.execute(db);
  await sql`create index audit_log_at on audit_log (at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists audit_log_at`.execute(db);
  await sql`drop index if exists audit_log_action_id`.execute(db);
  await sql`drop index if exists audit_log_actor_id`.execute(db);
  await sql`alter table staff_accounts drop column disabled_by`.execute(db);
  await sql`alter table staff_accounts drop column totp_reset_at`.execute(db);
  await sql`alter table staff_accounts drop column password_reset_at`.execute(db);
}
