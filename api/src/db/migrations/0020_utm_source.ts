import { type Kysely, sql } from 'kysely';

/** `utm_source`: the campaign source a customer arrived with, kept on the user at registration. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column utm_source text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column utm_source`.execute(db);
}
