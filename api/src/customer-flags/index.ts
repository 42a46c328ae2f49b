import type { CustomerFeatures } from '@credimo/shared/contract';
import type { ColumnType, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { CustomerFlagDefaults } from '../config';
import type { Database } from '../db/schema';

export interface CustomerFlagsTable {
  user_id: string;
  bizum: boolean | null;
  payment_processing_view: boolean | null;
  liveness: boolean | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module '../db/schema' {
  interface Database {
    customer_flags: CustomerFlagsTable;
  }
}

/** The flags an operator sets per customer; `null` returns one to the configured default. */
export type CustomerFlagName = 'bizum' | 'payment_processing_view' | 'liveness' | 'hide_skip_auto_debit';

/** SPEC section 6: each flag is the customer's own when set, else the configured default. */
export async function customerFeatures(
  db: Kysely<Database>,
  userId: string,
  defaults: CustomerFlagDefaults,
): Promise<CustomerFeatures> {
  const row = await db
    .selectFrom('users')
    .leftJoin('customer_flags', 'customer_flags.user_id', 'users.id')
    .select([
      'users.is_hide_skip_auto_debit_button',
      'customer_flags.bizum',
      'customer_flags.payment_processing_view',
      'customer_flags.liveness',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    is_bizum_payment_provider_enabled: row.bizum ?? defaults.bizum,
    is_hide_skip_auto_debit_button: row.is_hide_skip_auto_debit_button,
    payment_procession_on_loan_view: row.payment_processing_view ?? defaults.paymentProcessingView,
    liveness: { allowed: row.liveness ?? defaults.liveness },
  };
}

/** Sets one customer's flags (an operator's command). The auto-debit skip button is the users' own column. */
export async function setCustomerFlags(
  db: Kysely<Database>,
  userId: string,
  flags: Partial<Record<CustomerFlagName, boolean | null>>,
): Promise<void> {
  const { hide_skip_auto_debit: hideSkip, ...own } = flags;
  await db.transaction().execute(async (trx) => {
    if (hideSkip !== undefined) {
      await trx
        .updateTable('users')
        .set({ is_hide_skip_auto_debit_button: hideSkip === true })
        .where('id', '=', userId)
        .execute();
    }
    if (Object.keys(own).length > 0) {
      await trx
        .insertInto('customer_flags')
        .values({ user_id: userId, ...own })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...own, updated_at: sql`now()` }))
        .execute();
    }
  });
}
