import { dueDateAfter, LoanStatus } from '@credimo/shared/domain';
import { formatWireDate } from '@credimo/shared/format';
import { messages } from '@credimo/shared/i18n';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type LenderIdentity, renderDocument } from '../documents';
import { clockToday } from '../domain/clock';
import { emitFunnelEvent } from '../domain/funnel';
import { lockLoan, transition, transitionRefused } from '../domain/transitions';
import { ApiError } from '../errors';
import { filesOutstanding } from '../evidence';
import { consumeCode, issueCode } from '../identity/codes';
import { recordCustomerMail } from '../mail';
import type { SmsProvider } from '../providers/sms';
import { openLoanId } from './ownership';

/** Dynamic linking: the code authorises this loan, this amount and this IBAN, and nothing else. */
const linkOf = (loan: { id: string; request_amount: string | number; iban: string | null }) =>
  `loan:${loan.id}:amount:${Number(loan.request_amount)}:iban:${loan.iban ?? ''}`;

async function loanAwaitingSignature(db: Kysely<Database>, userId: string) {
  const loanId = await openLoanId(db, userId);
  const loan = await db.selectFrom('loans').selectAll().where('id', '=', loanId).executeTakeFirstOrThrow();
  if (loan.status !== LoanStatus.AwaitingSignContract || !loan.iban) throw transitionRefused();
  // Nothing is signed while a file the loan asks for is missing.
  if ((await filesOutstanding(db, userId)).length > 0) throw ApiError.request(409, messages.requiredFilesOutstanding);
  return loan;
}

async function phoneOf(db: Kysely<Database>, userId: string): Promise<string> {
  const user = await db.selectFrom('users').select('mobile_phone').where('id', '=', userId).executeTakeFirstOrThrow();
  return user.mobile_phone;
}

/** POST /v2/loan/sign_send: a 4-digit code by SMS, bound to the loan, its amount and IBAN (resend after 90 s). */
export async function sendSigningCode(
  db: Kysely<Database>,
  sms: SmsProvider,
  userId: string,
  address: string | null,
): Promise<string> {
  const loan = await loanAwaitingSignature(db, userId);
  const code = await issueCode(db, sms, {
    phone: await phoneOf(db, userId),
    purpose: 'sign_loan',
    userId,
    binding: { loan_id: loan.id, amount: Number(loan.request_amount), iban: loan.iban },
    linkedTo: linkOf(loan),
    address,
  });
  await emitFunnelEvent(db, { userId, loanId: loan.id, name: 'sign_code_sent' });
  return code;
}

/**
 * POST /v2/loan/sign: checks the code against this loan's current amount and IBAN (a code sent before either
 * changed no longer fits), then in one transaction: AwaitingSignContract -> ContractSigned, the signature row
 * (one per loan) and the signed agreement PDF.
 */
export async function signLoan(
  db: Kysely<Database>,
  userId: string,
  code: string,
  address: string | null,
  lender: LenderIdentity,
  sms?: SmsProvider,
) {
  const loan = await loanAwaitingSignature(db, userId);
  if (loan.new_conditions_approved === false && Number(loan.request_amount) !== Number(loan.original_request_amount)) {
    const repeated = await db
      .selectFrom('loans')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', LoanStatus.Returned)
      .executeTakeFirst();
    // A repeat customer approves the changed amount (the approve-new-conditions page) before signing it.
    if (repeated) throw ApiError.request(409, messages.loanStateConflict);
  }
  const consumed = await consumeCode(
    db,
    { phone: await phoneOf(db, userId), purpose: 'sign_loan', userId, linkedTo: linkOf(loan), address, sms },
    code,
  );
  const [profile, home, user, product, codeRow] = await Promise.all([
    db
      .selectFrom('user_profiles')
      .select(['first_name', 'first_surname', 'second_surname', 'personal_id'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('user_addresses')
      .select(['street', 'house', 'postal_code', 'city', 'region'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'registration')
      .executeTakeFirst(),
    db.selectFrom('users').select('mobile_phone').where('id', '=', userId).executeTakeFirstOrThrow(),
    db
      .selectFrom('products')
      .select(['name', 'late_daily_basis_points'])
      .where('id', '=', loan.product_id)
      .executeTakeFirstOrThrow(),
    db.selectFrom('sms_codes').select('code_hash').where('id', '=', consumed.id).executeTakeFirstOrThrow(),
  ]);
  await db.transaction().execute(async (trx) => {
    const locked = await lockLoan(trx, loan.id);
    // The amount or IBAN changed between the check and the lock: the code no longer fits.
    if (linkOf(locked) !== linkOf(loan)) throw ApiError.field(422, 'code', messages.codeIncorrect);
    const signedAt = new Date();
    await transition(trx, loan.id, LoanStatus.ContractSigned, {
      actor: { kind: 'customer', id: userId },
      reason: 'signed with SMS code',
      from: [LoanStatus.AwaitingSignContract],
    });
    await trx
      .insertInto('loan_signatures')
      .values({
        loan_id: loan.id,
        code_id: consumed.id,
        amount: Number(locked.request_amount),
        iban: locked.iban ?? '',
        address,
      })
      .execute();
    await trx.updateTable('loans').set({ signed_at: signedAt }).where('id', '=', loan.id).execute();
    // The agreement comes from the documents room, with the signature block filled in.
    const { pdf } = await renderDocument(
      'agreement',
      {
        reference: locked.public_id,
        productName: product.name,
        borrower: {
          fullName: [profile?.first_name, profile?.first_surname, profile?.second_surname].filter(Boolean).join(' '),
          personalId: profile?.personal_id ?? '',
          address: home
            ? [home.street, home.house, home.postal_code, home.city, home.region].filter(Boolean).join(', ')
            : '',
          phone: user.mobile_phone,
        },
        amount: Number(locked.request_amount),
        commission: Number(locked.commission),
        totalToRepay: Number(locked.return_amount),
        term: locked.term,
        tae: locked.tae_tenths / 10,
        lateDailyBasisPoints: product.late_daily_basis_points,
        issuedAt: new Date(locked.request_date),
        // Due as the loan will be when paid out today (payout.ts): Madrid's day on the servicing clock plus the term.
        dueDate: dueDateAfter(formatWireDate(await clockToday(trx, signedAt)), locked.term),
        signature: { signedAt, codeHash: codeRow.code_hash, address },
      },
      lender,
    );
    await trx
      .insertInto('loan_agreements')
      .values({ loan_id: loan.id, type: 'agreement', name: `Contrato ${locked.public_id}.pdf`, pdf })
      .execute();
    // The signed agreement is emailed to the customer by the job queue once this commits.
    await recordCustomerMail(trx, {
      key: `agreement:${loan.id}`,
      kind: 'agreement',
      userId,
      loanId: loan.id,
      detail: { loan: locked.public_id, amount: Number(locked.request_amount) },
    });
  });
  await emitFunnelEvent(db, { userId, loanId: loan.id, name: 'signing' });
}

/** After the approval screen the customer sets the flag and goes to signing. */
export async function approveNewConditions(db: Kysely<Database>, userId: string): Promise<void> {
  const loanId = await openLoanId(db, userId);
  const updated = await db
    .updateTable('loans')
    .set({ new_conditions_approved: true })
    .where('id', '=', loanId)
    .where('status', '=', LoanStatus.AwaitingSignContract)
    .where((eb) => eb('request_amount', '<>', eb.ref('original_request_amount')))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw ApiError.request(409, messages.noNewConditions);
}
