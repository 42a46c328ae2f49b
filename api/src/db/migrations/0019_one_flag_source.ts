import { type Kysely, sql } from 'kysely';

/**
 * The customer flags (bizum, processing, liveness, hide-skip-autodebit) have one source, `customer_flags`
 * (migration 0018) with the configured defaults: a customer whose users row had Bizum switched off (migration 0014's column) keeps it off there, then the column goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into customer_flags (user_id, bizum)
    select id, false from users where not is_bizum_payment_provider_enabled
    on conflict (user_id) do update set bizum = coalesce(customer_flags.bizum, excluded.bizum)`.execute(db);
  await sql`alter table users drop column is_bizum_payment_provider_enabled`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column is_bizum_payment_provider_enabled boolean not null default true`.execute(db);
  await sql`
    update users set is_bizum_payment_provider_enabled = false
    from customer_flags f where f.user_id = users.id and f.bizum = false`.execute(db);
}
