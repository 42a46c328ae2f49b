import { ibanProblem, LoanStatus, normaliseIban } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { emitFunnelEvent } from '../domain/funnel';
import { lockLoan, transition, transitionRefused } from '../domain/transitions';
import { ApiError } from '../errors';
import { openLoanId } from './ownership';

/** Before the decision the method is only remembered; after it, it moves the loan on. */
const REMEMBER_ONLY: readonly number[] = [
  LoanStatus.Request,
  LoanStatus.New,
  LoanStatus.AwaitingVerification,
  LoanStatus.AwaitingBankDataImport,
];
/** Choosing again while awaiting the signature changes the IBAN the next code is bound to. */
const CHANGE_BEFORE_SIGNING: readonly number[] = [LoanStatus.AwaitingSignContract, LoanStatus.AwaitingBankProcessData];

/**
 * The one IBAN check of every call that takes one (PUT /v2/user/issue_method, POST /v2/loan): a
 * Spanish IBAN with valid check digits, stored without spaces; a wrong one is 422 on `iban`. Empty means none
 * given ("empty when a new IBAN is chosen"), refused only where one is required.
 */
export function checkedIban(input: string | undefined, { required }: { required: boolean }): string | null {
  if (!input?.trim()) {
    if (required) throw ApiError.field(422, 'iban', messages.incorrectNumberIban);
    return null;
  }
  const problem = ibanProblem(input);
  if (problem) throw ApiError.field(422, 'iban', messages[problem]);
  return normaliseIban(input);
}

/**
 * PUT /v2/user/issue_method: method 1 with a Spanish IBAN, or 9 (bank-data aggregation). On a loan awaiting
 * its method, 1 moves it to AwaitingSignContract and 9 to AwaitingBankProcessData (the aggregation import is a
 * hook for wave 2: `AwaitingBankProcessData` is where its provider takes over).
 */
export async function chooseIssueMethod(
  db: Kysely<Database>,
  userId: string,
  input: { method_of_disbursement: 1 | 9; iban?: string },
): Promise<void> {
  const iban = input.method_of_disbursement === 1 ? checkedIban(input.iban, { required: true }) : null;
  const loanId = await openLoanId(db, userId);
  await db.transaction().execute(async (trx) => {
    const loan = await lockLoan(trx, loanId);
    const nextIban = input.method_of_disbursement === 1 ? iban : loan.iban;
    await trx
      .updateTable('loans')
      .set({ method_of_disbursement: input.method_of_disbursement, iban: nextIban })
      .where('id', '=', loanId)
      .execute();
    const actor = { kind: 'customer' as const, id: userId };
    const to =
      input.method_of_disbursement === 1 ? LoanStatus.AwaitingSignContract : LoanStatus.AwaitingBankProcessData;
    if (loan.status === LoanStatus.AwaitingIssuanceMethod) {
      await transition(trx, loanId, to, { actor, reason: `disbursement method ${input.method_of_disbursement}` });
    } else if (CHANGE_BEFORE_SIGNING.includes(loan.status)) {
      if (loan.status !== to) await transition(trx, loanId, to, { actor, reason: 'disbursement method changed' });
    } else if (!REMEMBER_ONLY.includes(loan.status)) {
      throw transitionRefused();
    }
  });
  await emitFunnelEvent(db, { userId, loanId, name: 'issue_method', detail: { method: input.method_of_disbursement } });
}

/** GET /v2/user/available_bank_accounts: the IBANs the customer has given us, newest first. */
export async function availableBankAccounts(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('loans')
    .select('iban')
    .select((eb) => eb.fn.max('request_date').as('last'))
    .where('user_id', '=', userId)
    .where('iban', 'is not', null)
    .groupBy('iban')
    .orderBy('last', 'desc')
    .execute();
  return rows.map((r) => r.iban).filter((iban): iban is string => iban !== null);
}
