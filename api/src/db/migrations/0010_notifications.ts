import { type Kysely, sql } from 'kysely';

/**
 * The customer's notification inbox: messages the product leaves for a customer, shown by
 * the account's alerts until dismissed; dismissal marks them read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) =>
      c.notNull().defaultTo('info').check(sql`severity in ('warning', 'error', 'success', 'info')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await sql`create index notifications_unread on notifications (user_id, id) where read_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
}
