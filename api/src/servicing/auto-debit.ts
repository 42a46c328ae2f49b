import { COMPLETED_CARD_STATUSES } from '@credimo/shared/domain';
import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AutoDebitCharger } from '.';

/** Saved cards ending in these digits are declined by the sandbox acquirer (the test numbers' "Error"). */
const DECLINED_LAST_DIGITS = ['0002'];

/**
 * The sandbox card acquirer's charge of a customer's saved card: the default one (auto-debit on the due date) or
 * the one the customer chose to pay with. Like a real acquirer it keeps one charge per idempotency key: the same key again (a retried job, a
 * second API process servicing the same day) answers the first charge's outcome and takes no money twice.
 */
export class SandboxCardCharger implements AutoDebitCharger {
  constructor(private readonly db: Kysely<Database>) {}

  async charge(request: { loanId: string; userId: string; amount: number; key: string; cardId?: string }) {
    const card = await this.db
      .selectFrom('payment_cards')
      .select(['token', 'pan'])
      .where('user_id', '=', request.userId)
      .$if(request.cardId === undefined, (q) => q.where('is_default', '=', true))
      .$if(request.cardId !== undefined, (q) => q.where('id', '=', request.cardId ?? ''))
      .where('status', 'in', COMPLETED_CARD_STATUSES)
      .where('token', 'is not', null)
      .executeTakeFirst();
    if (!card?.token) return null;
    const paid = !DECLINED_LAST_DIGITS.some((digits) => card.pan?.endsWith(digits));
    const first = await this.db
      .insertInto('sandbox_card_charges')
      .values({ key: request.key, card_token: card.token, amount: request.amount, paid })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('paid')
      .executeTakeFirst();
    if (first) return { paid: first.paid };
    const earlier = await this.db
      .selectFrom('sandbox_card_charges')
      .select('paid')
      .where('key', '=', request.key)
      .executeTakeFirstOrThrow();
    return { paid: earlier.paid };
  }
}

export interface SandboxCardChargesTable {
  key: string;
  card_token: string;
  amount: ColumnType<string, number, number>;
  paid: boolean;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module '../db/schema' {
  interface Database {
    sandbox_card_charges: SandboxCardChargesTable;
  }
}
