import { LoanStatus } from '@credimo/shared/domain';
import { formatWireDate } from '@credimo/shared/format';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { post, recipes } from '../domain/ledger';
import { COLLECTION_STEPS } from '../domain/servicing-rules';
import { type Actor, lockLoan, transition } from '../domain/transitions';
import { owedOf } from './owed';

/** The loan's cession_buyer: who bought the loan and where the customer pays them. */
export interface CessionBuyer {
  name: string;
  phone: string;
  email: string;
  account_holder_name: string;
  account_number: string;
  swift: string;
  bank_name: string;
}

/** An operator moves a loan along collection (23, 24, 29 to 32); the transition table says what may follow what. */
export async function moveToCollectionStep(db: Kysely<Database>, loanId: string, step: string, actor: Actor) {
  const to = COLLECTION_STEPS[step];
  if (to === undefined) throw new Error(`unknown collection step ${step}`);
  return db.transaction().execute(async (trx) => {
    const { from } = await transition(trx, loanId, to, { actor, reason: `collection: ${step}` });
    return { from, to };
  });
}

/** Presale 28: the loan is offered to a buyer; the buyer's data and the balance are kept as they were that day. */
export async function offerForSale(db: Kysely<Database>, loanId: string, buyer: CessionBuyer, actor: Actor) {
  return db.transaction().execute(async (trx) => {
    await transition(trx, loanId, LoanStatus.Presale, { actor, reason: `offered to ${buyer.name}` });
    const owed = await owedOf(trx, loanId);
    await trx
      .insertInto('loan_cessions')
      .values({ loan_id: loanId, buyer: JSON.stringify(buyer), balance: owed.total })
      .onConflict((oc) =>
        oc.column('loan_id').doUpdateSet({ buyer: JSON.stringify(buyer), balance: owed.total, sold_date: null }),
      )
      .execute();
    return owed.total;
  });
}

/** Sold 27: the receivables leave our books for the buyer's; from now on the customer pays the buyer. */
export async function sellLoan(db: Kysely<Database>, loanId: string, today: Date, actor: Actor) {
  return db.transaction().execute(async (trx) => {
    await lockLoan(trx, loanId);
    const cession = await trx
      .selectFrom('loan_cessions')
      .select('loan_id')
      .where('loan_id', '=', loanId)
      .executeTakeFirst();
    if (!cession) throw new Error('offer the loan to a buyer first (presale)');
    await transition(trx, loanId, LoanStatus.Sold, { actor, from: [LoanStatus.Presale], reason: 'sold' });
    const owed = await owedOf(trx, loanId);
    if (owed.total > 0) {
      await post(trx, {
        key: `sold:${loanId}`,
        kind: 'sold',
        loanId,
        postings: recipes.sold(loanId, owed),
      });
    }
    await trx
      .updateTable('loan_cessions')
      .set({ sold_date: formatWireDate(today), balance: owed.total })
      .where('loan_id', '=', loanId)
      .execute();
    return owed.total;
  });
}
