import { type Kysely, sql } from 'kysely';

/**
 * What an outside test of the product found (identity/, staff/):
 * - a phone change is confirmed on the current phone too (code purpose 'phone_change_current');
 * - wrong code tries are kept with their phone and address, for the daily caps per phone and per address;
 * - payment and card pages are opened with a one-time code of kind 'link' instead of a session token;
 * - a hand-off code remembers the browser that asked for it (the hash of a secret only that browser holds);
 * - failed staff sign-ins are kept per account and address, so one address cannot lock an account for all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sms_codes drop constraint if exists sms_codes_purpose_check`.execute(db);
  await sql`alter table sms_codes add constraint sms_codes_purpose_check
    check (purpose in ('login', 'phone_change', 'phone_change_current', 'sign_loan'))`.execute(db);
  await db.schema
    .createTable('code_tries')
    .addColumn('id', 'bigint', (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('code_tries_phone').on('code_tries').columns(['phone', 'created_at']).execute();
  await db.schema.createIndex('code_tries_address').on('code_tries').columns(['address', 'created_at']).execute();
  await sql`alter table handoff_codes drop constraint if exists handoff_codes_kind_check`.execute(db);
  await sql`alter table handoff_codes add constraint handoff_codes_kind_check
    check (kind in ('agent', 'admin', 'site', 'link'))`.execute(db);
  await db.schema.alterTable('handoff_codes').addColumn('browser_hash', 'text').execute();
  await db.schema.alterTable('handoff_codes').addColumn('purpose', 'text').execute();
  await db.schema
    .createTable('staff_sign_in_failures')
    .addColumn('id', 'bigint', (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('staff_sign_in_failures_username')
    .on('staff_sign_in_failures')
    .columns(['username', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_sign_in_failures').execute();
  await db.schema.alterTable('handoff_codes').dropColumn('purpose').execute();
  await db.schema.alterTable('handoff_codes').dropColumn('browser_hash').execute();
  await sql`delete from handoff_codes where kind = 'link'`.execute(db);
  await sql`alter table handoff_codes drop constraint if exists handoff_codes_kind_check`.execute(db);
  await sql`alter table handoff_codes add constraint handoff_codes_kind_check
    check (kind in ('agent', 'admin', 'site'))`.execute(db);
  await db.schema.dropTable('code_tries').execute();
  await sql`delete from sms_codes where purpose = 'phone_change_current'`.execute(db);
  await sql`alter table sms_codes drop constraint if exists sms_codes_purpose_check`.execute(db);
  await sql`alter table sms_codes add constraint sms_codes_purpose_check
    check (purpose in ('login', 'phone_change', 'sign_loan'))`.execute(db);
}
