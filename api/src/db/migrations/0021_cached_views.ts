import { type Kysely, sql } from 'kysely';

/**
 * The poll's read-through cache: the assembled answer of GET /v2/user and GET /v2/loan kept in the
 * database (never in a process), one row per session and view, with the versions it was assembled at
 * (identity/poll.ts). A poll is then one small statement that joins the row while its versions are the
 * customer's current ones.
 *
 * Unlogged: it is a cache, rebuilt by the next poll, so it writes no WAL (after a crash PostgreSQL empties it,
 * which costs one assembly per session). Rows go with their session (on delete cascade) and at logout.
 *
 * The versions become monotonic per scope: a version row now only moves forward in commit order (the next
 * sequence value, or one past the committed value when a transaction that drew its value earlier commits
 * later), so "assembled at a newer version" is an order the cache's upsert can check and a stale assembly
 * never overwrites a newer one. Versions still never repeat within a scope.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create unlogged table cached_views (
      session_id bigint not null references sessions (id) on delete cascade,
      view text not null check (view in ('user', 'loan')),
      variant text not null,
      user_version bigint not null,
      shared_version bigint not null,
      changes_at bigint not null,
      body text not null,
      primary key (session_id, view)
    )`.execute(db);
  await sql`create or replace function view_changed() returns trigger language plpgsql as $$
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
          on conflict (scope) do update set version = greatest(excluded.version, view_versions.version + 1);
      end if;
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table cached_views`.execute(db);
  await sql`create or replace function view_changed() returns trigger language plpgsql as $$
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
}
