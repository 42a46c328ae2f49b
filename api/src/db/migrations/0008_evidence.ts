import { type Kysely, sql } from 'kysely';

/**
 * Evidence: uploaded documents (the image itself lives in the document storage, outside any served folder),
 * liveness checks, providers' callback events (replay protection) and the sandbox liveness provider's own record.
 * Two views give GET /v2/user its `documents` and `liveness` in SQL, ready to json_agg or join.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('documents')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('skipped', 'boolean', (c) => c.notNull())
    // Names in the storage are ours (random), never the customer's file name.
    .addColumn('storage_key', 'text')
    .addColumn('byte_size', 'integer')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('documents_one_per_type', ['user_id', 'type'])
    .addCheckConstraint('documents_skip_has_no_file', sql`skipped = (storage_key is null)`)
    .execute();
  await sql`create view user_documents as
    select user_id, case when skipped then 'skip_' || type else type end as type, uploaded_at
    from documents`.execute(db);

  await db.schema
    .createTable('liveness_checks')
    .addColumn('transaction_id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    // Set when the customer hands the transaction over (PUT /v2/user/liveness); the first to claim it keeps it.
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'success', 'failed')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('liveness_checks_user')
    .on('liveness_checks')
    .columns(['user_id', 'claimed_at'])
    .execute();
  // The user's liveness: the latest check handed over, and whether another try is allowed (3 failures end it).
  await sql`create view user_liveness as
    select u.id as user_id,
      (select c.status from liveness_checks c where c.user_id = u.id
        order by c.claimed_at desc, c.transaction_id desc limit 1) as status,
      (select count(*) from liveness_checks c where c.user_id = u.id and c.status = 'failed') < 3 as allowed
    from users u`.execute(db);

  await db.schema
    .createTable('provider_events')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('result', 'jsonb')
    .addPrimaryKeyConstraint('provider_events_pk', ['provider', 'event_id'])
    .execute();

  // The sandbox liveness provider's side: what a real provider keeps on its servers, here so lookups survive restarts.
  await db.schema
    .createTable('sandbox_liveness_transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('engines', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view user_liveness`.execute(db);
  await sql`drop view user_documents`.execute(db);
  for (const table of ['sandbox_liveness_transactions', 'provider_events', 'liveness_checks', 'documents']) {
    await db.schema.dropTable(table).execute();
  }
}
