import { type Kysely, sql } from 'kysely';

/**
 * The WordPress widgets hand a signed-in customer over to the app (another origin) with a one-time,
 * short-lived code of kind 'site' (identity/handoff.ts), never with the session token in an address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table handoff_codes drop constraint if exists handoff_codes_kind_check`.execute(db);
  await sql`alter table handoff_codes add constraint handoff_codes_kind_check check (kind in ('agent', 'admin', 'site'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from handoff_codes where kind = 'site'`.execute(db);
  await sql`alter table handoff_codes drop constraint if exists handoff_codes_kind_check`.execute(db);
  await sql`alter table handoff_codes add constraint handoff_codes_kind_check check (kind in ('agent', 'admin'))`.execute(
    db,
  );
}
