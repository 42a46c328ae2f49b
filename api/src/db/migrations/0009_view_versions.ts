import { type Kysely, sql } from 'kysely';
import { dropViewTriggers } from '../view-versions';

/**
 * What the customer sees has a version: every write to a table GET /v2/user or GET /v2/loan reads
 * moves the owning customer's version (or the shared one, scope 0, for what every customer sees: discounts,
 * products, the sandbox clock). An unchanged poll is then one small statement (session + two versions) and a
 * 304, instead of assembling the whole user to hash it.
 *
 * The triggers are deferred constraint triggers: they run at commit, after every lock the transaction took, so
 * they add no lock-order hazard (the version row is the last lock taken). Versions come from one sequence, so a
 * value is never given twice (no tag can come back after a change and a change back).
 *
 * The triggers themselves are attached by `ensureViewTriggers` (db/view-versions.ts) after every migration run:
 * some of the tables they watch come from migrations numbered after this one (0012, 0013), which a fresh
 * database runs later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence view_version_seq`.execute(db);
  // scope: a user's id, or 0 for what every customer sees.
  await sql`
    create table view_versions (
      scope bigint primary key,
      version bigint not null
    )`.execute(db);
  await sql`insert into view_versions (scope, version) values (0, nextval('view_version_seq'))`.execute(db);
  await sql`
    create function view_changed() returns trigger language plpgsql as $$
    declare
      changed jsonb;
      owner bigint;
    begin
      if tg_op = 'DELETE' then changed := to_jsonb(old); else changed := to_jsonb(new); end if;
      if tg_argv[0] = 'shared' then
        owner := 0;
      elsif tg_argv[0] = 'id' then
        owner := (changed->>'id')::bigint;
      elsif tg_argv[0] = 'user_id' then
        owner := (changed->>'user_id')::bigint;
      elsif tg_argv[0] = 'loan_id' then
        select l.user_id into owner from loans l where l.id = (changed->>'loan_id')::bigint;
      elsif tg_argv[0] = 'account_id' then
        select l.user_id into owner from ledger_accounts a join loans l on l.id = a.loan_id
          where a.id = (changed->>'account_id')::bigint;
      end if;
      if owner is not null then
        insert into view_versions (scope, version) values (owner, nextval('view_version_seq'))
          on conflict (scope) do update set version = excluded.version;
      end if;
      return null;
    end $$`.execute(db);
  // The poll's statement reads a customer's loans and a loan's ledger accounts by these.
  await sql`create index if not exists loans_user on loans (user_id)`.execute(db);
  await sql`create index if not exists ledger_accounts_loan on ledger_accounts (loan_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropViewTriggers(db);
  await sql`drop index if exists ledger_accounts_loan`.execute(db);
  await sql`drop index if exists loans_user`.execute(db);
  await sql`drop function view_changed()`.execute(db);
  await sql`drop table view_versions`.execute(db);
  await sql`drop sequence view_version_seq`.execute(db);
}
