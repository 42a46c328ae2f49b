import { randomBytes } from 'node:crypto';
import { formatWireDate } from '@credimo/shared/format';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { GlobalAccount } from '../domain/ledger';
import { buildCreditTransferFile, type CreditTransfer, checkCreditTransferFile, type Debtor } from './pain001';
import { BankFileError } from './xml';

export interface PayoutFile {
  id: string;
  messageId: string;
  executionDate: string;
  transactions: number;
  controlSum: number;
  xml: string;
}

/** A file's MsgId: the day and a random part, short enough that the library's InstrIds stay within 35. */
const messageIdFor = (day: Date) => `CRD-${formatWireDate(day).replaceAll('-', '')}-${randomBytes(4).toString('hex')}`;

/**
 * The day's payouts file: every payout that waits for one (sent by the SEPA rail, not settled, in no file yet)
 * becomes one transfer named by its loan's reference, for the amount the ledger moved into payout clearing, to
 * the IBAN the customer signed for. Each payout goes into one file only: the rows are locked and marked in the
 * same transaction, so a second call, or two at once, finds nothing left and makes no file (null).
 */
export async function createPayoutFile(
  db: Kysely<Database>,
  debtor: Debtor,
  executionDate: Date,
  createdBy: string,
  now = new Date(),
): Promise<PayoutFile | null> {
  return db.transaction().execute(async (trx) => {
    const waiting = await trx
      .selectFrom('payouts')
      .innerJoin('loans', 'loans.id', 'payouts.loan_id')
      .leftJoin('user_profiles', 'user_profiles.user_id', 'loans.user_id')
      .select([
        'payouts.id',
        'payouts.provider_reference',
        'payouts.amount',
        'payouts.iban',
        'loans.public_id',
        'user_profiles.first_name',
        'user_profiles.first_surname',
        'user_profiles.second_surname',
      ])
      .where('payouts.rail', '=', 'sepa-file')
      .where('payouts.status', '=', 'accepted')
      .where('payouts.payout_file_id', 'is', null)
      .orderBy('payouts.id')
      .forUpdate('payouts')
      .execute();
    if (waiting.length === 0) return null;
    const moved = await ledgerPayouts(
      trx,
      waiting.map((p) => p.provider_reference),
    );
    const transfers: CreditTransfer[] = waiting.map((payout) => {
      const amount = moved.get(payout.provider_reference);
      // The ledger is the truth of what left cash; a payout it does not show moving is not sent.
      if (amount === undefined || amount !== Number(payout.amount)) {
        throw new Error(`payout ${payout.provider_reference}: the ledger moved ${amount ?? 0}, not ${payout.amount}`);
      }
      return {
        endToEndId: payout.public_id,
        amount,
        creditorIban: payout.iban,
        creditorName:
          [payout.first_name, payout.first_surname, payout.second_surname].filter(Boolean).join(' ') ||
          payout.public_id,
      };
    });
    const messageId = messageIdFor(executionDate);
    const xml = buildCreditTransferFile(messageId, now, executionDate, debtor, transfers);
    const { problems, summary } = checkCreditTransferFile(xml);
    if (problems.length > 0) throw new BankFileError(`the payouts file fails its checks: ${problems.join('; ')}`);
    const file = await trx
      .insertInto('payout_files')
      .values({
        message_id: messageId,
        execution_date: formatWireDate(executionDate),
        transactions: summary.transactions,
        control_sum: summary.controlSum,
        xml,
        created_by: createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('payouts')
      .set({ payout_file_id: String(file.id) })
      .where(
        'id',
        'in',
        waiting.map((p) => p.id),
      )
      .execute();
    return {
      id: String(file.id),
      messageId,
      executionDate: formatWireDate(executionDate),
      transactions: summary.transactions,
      controlSum: summary.controlSum,
      xml,
    };
  });
}

/** What the ledger moved into payout clearing for each payout reference (its payout_sent transaction). */
async function ledgerPayouts(db: Kysely<Database>, references: string[]): Promise<Map<string, number>> {
  const { rows } = await sql<{ reference: string; amount: string }>`
    select t.detail->>'reference' as reference, sum(p.amount) as amount
    from ledger_transactions t
    join ledger_postings p on p.transaction_id = t.id
    join ledger_accounts a on a.id = p.account_id
    where t.kind = 'payout_sent' and a.code = ${GlobalAccount.payoutClearing}
      and t.detail->>'reference' in (${sql.join(references)})
    group by 1`.execute(db);
  return new Map(rows.map((row) => [row.reference, Number(row.amount)]));
}

/** The files made so far, newest first (what the console lists to download again). */
export async function payoutFiles(db: Kysely<Database>, limit = 30) {
  return db
    .selectFrom('payout_files')
    .select(['id', 'message_id', 'execution_date', 'transactions', 'control_sum', 'created_by', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** One file as it was made, by its number or its MsgId. */
export async function payoutFile(db: Kysely<Database>, idOrMessageId: string) {
  const byId = /^\d{1,18}$/.test(idOrMessageId);
  return db
    .selectFrom('payout_files')
    .select(['id', 'message_id', 'xml'])
    .where(byId ? 'id' : 'message_id', '=', idOrMessageId)
    .executeTakeFirst();
}

/** How many payouts wait for the day's file, and their sum. */
export async function waitingPayouts(db: Kysely<Database>): Promise<{ count: number; amount: number }> {
  const row = await db
    .selectFrom('payouts')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.sum<string>('amount').as('amount')])
    .where('rail', '=', 'sepa-file')
    .where('status', '=', 'accepted')
    .where('payout_file_id', 'is', null)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), amount: Number(row.amount ?? 0) };
}
