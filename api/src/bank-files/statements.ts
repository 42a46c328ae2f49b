import { readPaymentConcept } from '@credimo/shared/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { clockToday } from '../domain/clock';
import { REPAYABLE_STATUSES } from '../domain/servicing-rules';
import { applyPaymentIn } from '../servicing/apply-payment';
import { owedOf } from '../servicing/owed';
import { readStatement, type StatementLine } from './camt053';

export interface StatementOutcome {
  applied: Array<{ key: string; loan: string; amount: number; status: number }>;
  unmatched: Array<{ key: string; amount: number; concept: string; reason: string }>;
  /** Lines read before (this statement or an earlier one): nothing applied again. */
  alreadyRead: number;
  /** Money out, or not booked yet: not ours to apply. */
  skipped: number;
}

/** Why a line cannot be applied by itself, or the loan and payment it is. */
async function matchLine(
  trx: Transaction<Database>,
  line: StatementLine,
): Promise<{ reason: string } | { loanId: string; loan: string; term: number | null }> {
  if (line.currency !== 'EUR') return { reason: `currency ${line.currency}` };
  const read = readPaymentConcept(line.concept);
  if (!read) return { reason: 'the concept names no single loan' };
  const loan = await trx
    .selectFrom('loans')
    .select(['id', 'status'])
    .where('public_id', '=', read.loanReference)
    .executeTakeFirst();
  if (!loan) return { reason: `no loan ${read.loanReference}` };
  if (!REPAYABLE_STATUSES.includes(loan.status)) {
    return { reason: `loan ${read.loanReference} is not awaiting payment (status ${loan.status})` };
  }
  return { loanId: String(loan.id), loan: read.loanReference, term: read.term };
}

/**
 * Applies the money a camt.053 statement shows coming in. Each booked credit is recorded once by the bank's
 * reference of the line (a unique key): the loan its concept names receives it as a bank transfer (a repayment,
 * or an extension when the concept asks for one), through the same rule as every payment. A line naming no
 * repayable loan (unknown, forged or ambiguous reference, another currency) moves no money and is kept as
 * unmatched for an operator. Reading the same statement again applies nothing.
 */
export async function importStatement(
  db: Kysely<Database>,
  xml: string,
  importedBy: string,
): Promise<StatementOutcome> {
  const { lines } = readStatement(xml);
  const outcome: StatementOutcome = { applied: [], unmatched: [], alreadyRead: 0, skipped: 0 };
  for (const line of lines) {
    if (!line.credit || !line.booked) {
      outcome.skipped += 1;
      continue;
    }
    await db.transaction().execute(async (trx) => {
      const match = await matchLine(trx, line);
      const matched = 'loanId' in match;
      const recorded = await trx
        .insertInto('bank_statement_entries')
        .values({
          entry_key: line.key,
          account_iban: line.accountIban,
          statement_id: line.statementId,
          booked_on: line.bookedOn,
          amount: line.amount,
          currency: line.currency.slice(0, 3),
          concept: line.concept.slice(0, 500),
          debtor_name: line.debtorName?.slice(0, 140) ?? null,
          outcome: matched ? 'applied' : 'unmatched',
          loan_id: matched ? match.loanId : null,
          reason: matched ? null : match.reason,
          imported_by: importedBy,
        })
        .onConflict((oc) => oc.column('entry_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!recorded) {
        outcome.alreadyRead += 1;
        return;
      }
      if (!matched) {
        outcome.unmatched.push({ key: line.key, amount: line.amount, concept: line.concept, reason: match.reason });
        return;
      }
      const owed = await owedOf(trx, match.loanId);
      const result = await applyPaymentIn(
        trx,
        {
          loanId: match.loanId,
          // The same id an operator's `payment-received` gives a transfer: one bank line is applied once.
          externalId: `transfer:${line.key}`,
          channel: 'transfer',
          amount: line.amount,
          // An extension the money does not cover repays instead (as for any payment).
          paymentType: match.term !== null ? 'prolongation' : line.amount >= owed.total ? 'payoff' : 'partial_repay',
          term: match.term,
          actor: { kind: 'operator', id: importedBy },
        },
        await clockToday(trx),
      );
      outcome.applied.push({ key: line.key, loan: match.loan, amount: line.amount, status: result.status });
    });
  }
  return outcome;
}

/**
 * Statement lines no loan could take, newest first: the operator's list to resolve by hand. A line an operator
 * has since recorded as a payment with its key as the reference (`payment-received`) has left the list.
 */
export async function unmatchedEntries(db: Kysely<Database>, limit = 100) {
  return db
    .selectFrom('bank_statement_entries')
    .select(['entry_key', 'booked_on', 'amount', 'currency', 'concept', 'debtor_name', 'reason', 'imported_at'])
    .where('outcome', '=', 'unmatched')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('loan_payments')
            .select('loan_payments.id')
            .whereRef('loan_payments.external_id', '=', sql<string>`'transfer:' || bank_statement_entries.entry_key`),
        ),
      ),
    )
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
