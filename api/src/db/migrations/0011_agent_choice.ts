import type { Kysely } from 'kysely';

/**
 * An agent-registered customer's calculator defaults come from the agent's data. The agent link
 * may carry the amount (integer cents) and term (days) the agent agreed with the customer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('handoff_codes').addColumn('amount', 'bigint').addColumn('term', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('handoff_codes').dropColumn('amount').dropColumn('term').execute();
}
