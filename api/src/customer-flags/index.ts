import type { CustomerFeatures } from '@credimo/shared/contract';
import type { ColumnType, ExpressionBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
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

/** A customer's own flags as stored (null, or no row at all: the configured default). */
export type OwnCustomerFlags = Pick<CustomerFlagsTable, 'bizum' | 'payment_processing_view' | 'liveness'>;

/**
 * The one source of the customer feature flags (Bizum, payment processing view, liveness): each is the
 * customer's own when set, else the configured default. The auto-debit skip button is the users row's own column
 * (GET /v2/user's is_hide_skip_auto_debit_button).
 */
export function resolveCustomerFlags(
  own: OwnCustomerFlags | null | undefined,
  hideSkipAutoDebit: boolean,
  defaults: CustomerFlagDefaults,
): CustomerFeatures {
  return {
    is_bizum_payment_provider_enabled: own?.bizum ?? defaults.bizum,
    is_hide_skip_auto_debit_button: hideSkipAutoDebit,
    payment_procession_on_loan_view: own?.payment_processing_view ?? defaults.paymentProcessingView,
    liveness: { allowed: own?.liveness ?? defaults.liveness },
  };
}

/** The customer's own flags as one JSON part of a statement correlated on `users.id` (GET /v2/user's userParts). */
export function ownFlagsPart(eb: ExpressionBuilder<Database, 'users'>) {
  return jsonObjectFrom(
    eb
      .selectFrom('customer_flags')
      .select(['customer_flags.bizum', 'customer_flags.payment_processing_view', 'customer_flags.liveness'])
      .whereRef('customer_flags.user_id', '=', 'users.id'),
  );
}

/** One customer's flags (GET /v2/user/features, the ops command, the Bizum refusal). */
export async function customerFeatures(
  db: Kysely<Database>,
  userId: string,
  defaults: CustomerFlagDefaults,
): Promise<CustomerFeatures> {
  const row = await db
    .selectFrom('users')
    .select((eb) => ['users.is_hide_skip_auto_debit_button', ownFlagsPart(eb).as('own')])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
  return resolveCustomerFlags(row.own, row.is_hide_skip_auto_debit_button, defaults);
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
