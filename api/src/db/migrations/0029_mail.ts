import { type Kysely, sql } from 'kysely';

/**
 * Messages to the customer's email (payment receipts, the signed agreement, the withdrawal acknowledgement and
 * due-date reminders): customer_mails holds each message once (its key), written with the business step that
 * causes it and delivered afterwards by the job queue, so a mail server's failure never undoes that step.
 * mail_outbox is the sandbox mailer's mailbox, as sms_outbox is the sandbox SMS provider's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customer_mails')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('receipt', 'agreement', 'withdrawal', 'reminder')`),
    )
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('loan_id', 'bigint', (c) => c.notNull().references('loans.id').onDelete('cascade'))
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sending', 'sent', 'skipped', 'failed')`),
    )
    .addColumn('channel', 'text', (c) => c.check(sql`channel in ('email', 'sms')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`create index customer_mails_waiting on customer_mails (id) where status in ('pending', 'sending')`.execute(
    db,
  );
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('attachments', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('customer_mails').execute();
}
