import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { clockToday } from '../domain/clock';
import { ApiError } from '../errors';
import { settlePayout } from '../loans/payout';
import { readStatusReport, type TransferStatus } from './pain002';
import { BankFileError } from './xml';

export interface StatusReportOutcome {
  confirmed: string[];
  rejected: string[];
  /** Settled before (an earlier report, or this one read again): nothing changed. */
  unchanged: string[];
  /** Not decided by the bank yet (received, pending): they wait for a later report. */
  pending: string[];
  /** Named by the report but not a payout of that file: listed for an operator, nothing changed. */
  unknown: string[];
}

/**
 * Applies the bank's pain.002 answer to one of our payout files. An accepted transfer settles its payout as the
 * bank's confirmation does (the loan becomes Active and owes); a rejected one as a bounce does (ProcessingFail,
 * the principal back in cash). Each payout settles once: one already settled is left as it is, so a report read
 * twice changes nothing the second time.
 */
export async function importStatusReport(db: Kysely<Database>, xml: string): Promise<StatusReportOutcome> {
  const report = readStatusReport(xml);
  const file = await db
    .selectFrom('payout_files')
    .select('id')
    .where('message_id', '=', report.originalMessageId)
    .executeTakeFirst();
  if (!file) throw new BankFileError(`the report answers ${report.originalMessageId}, which is none of our files`);
  const payouts = await db
    .selectFrom('payouts')
    .innerJoin('loans', 'loans.id', 'payouts.loan_id')
    .select(['payouts.provider_reference', 'loans.public_id'])
    .where('payouts.payout_file_id', '=', String(file.id))
    .execute();
  const byLoan = new Map(payouts.map((p) => [p.public_id, p.provider_reference]));
  const listed = new Map(report.transfers.map((t) => [t.endToEndId, t]));
  const outcome: StatusReportOutcome = { confirmed: [], rejected: [], unchanged: [], pending: [], unknown: [] };
  for (const endToEndId of listed.keys()) if (!byLoan.has(endToEndId)) outcome.unknown.push(endToEndId);
  for (const [loan, reference] of byLoan) {
    const status: Omit<TransferStatus, 'endToEndId'> | null = listed.get(loan) ?? report.unlisted;
    if (!status || status.verdict === 'pending') {
      outcome.pending.push(loan);
      continue;
    }
    const settled = await db
      .transaction()
      .execute(async (trx) =>
        settlePayout(
          trx,
          {
            event_id: `pain002:${report.messageId}:${loan}`,
            reference,
            status: status.verdict === 'accepted' ? 'confirmed' : 'failed',
            ...(status.verdict === 'rejected' ? { reason: (status.reason ?? status.code).slice(0, 200) } : {}),
          },
          await clockToday(trx),
        ),
      )
      .catch((error) => {
        // A payout whose loan no longer awaits it (the step was refused) is left as it is.
        if (error instanceof ApiError && error.statusCode === 409) return { applied: false };
        throw error;
      });
    if (!settled.applied) outcome.unchanged.push(loan);
    else if (status.verdict === 'accepted') outcome.confirmed.push(loan);
    else outcome.rejected.push(loan);
  }
  return outcome;
}
