import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LOAN_STATUS_VIEW, LoanStatus } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../src/db/database.js';
import {
  checkBalanced,
  GlobalAccount,
  LoanAccount,
  loanBalances,
  post,
  recipes,
  todayFromBalances,
} from '../src/domain/ledger.js';
import { ALLOWED_TRANSITIONS, canTransition, transition } from '../src/domain/transitions.js';
import { ApiError } from '../src/errors.js';
import { confirmedUser } from '../src/identity/users.js';
import { freshDatabase } from './harness.js';

let database: DatabaseHandle;
let n = 0;

before(async () => {
  database = await freshDatabase();
});
after(() => database.close());

/** A loan row in a given status; closed statuses do not collide with the one-open-loan index. */
async function loanIn(status: number): Promise<string> {
  // One open loan per customer: each open-status loan gets its own customer.
  const owner = await confirmedUser(database.db, `6120${String(10000 + ++n).slice(-5)}`);
  const row = await database.db
    .insertInto('loans')
    .values({
      user_id: owner,
      product_id: 1,
      status,
      request_amount: 10_000,
      original_request_amount: 10_000,
      term: 30,
      commission: 1_000,
      original_commission: 1_000,
      return_amount: 11_000,
      tae_tenths: 0,
      is_free: false,
      attempt_reference: `sm-${n}-attempt`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

describe('the loan state machine', () => {
  test('every loan status has a Spanish text, a status type and a display class', () => {
    for (const status of Object.values(LoanStatus)) {
      const view = LOAN_STATUS_VIEW[status];
      assert.ok(view, `status ${status}`);
      assert.ok(view.text && view.type && view.display);
    }
    assert.equal(LOAN_STATUS_VIEW[LoanStatus.Denied]?.display, 'close');
    assert.equal(LOAN_STATUS_VIEW[LoanStatus.Sold]?.display, 'sold');
    assert.equal(LOAN_STATUS_VIEW[LoanStatus.Presale]?.display, 'sold');
  });

  test('every allowed transition is written with who, when, why, from and to', async () => {
    for (const [from, targets] of Object.entries(ALLOWED_TRANSITIONS)) {
      for (const to of targets) {
        const loanId = await loanIn(Number(from));
        const { loan } = await database.db
          .transaction()
          .execute((trx) =>
            transition(trx, loanId, to, { actor: { kind: 'operator', id: 'laura' }, reason: `test ${from}->${to}` }),
          );
        assert.equal(loan.status, to);
        const log = await database.db
          .selectFrom('loan_transitions')
          .selectAll()
          .where('loan_id', '=', loanId)
          .execute();
        assert.equal(log.length, 1);
        assert.deepEqual(
          [log[0]?.from_status, log[0]?.to_status, log[0]?.actor_kind, log[0]?.actor_id, log[0]?.reason],
          [Number(from), to, 'operator', 'laura', `test ${from}->${to}`],
        );
        assert.ok(log[0]?.at instanceof Date);
      }
    }
  });

  test('refused transitions answer 409 with the error body and change nothing', async () => {
    const refused = [
      [LoanStatus.Request, LoanStatus.Active],
      [LoanStatus.Request, LoanStatus.ContractSigned],
      [LoanStatus.AwaitingSignContract, LoanStatus.Active],
      [LoanStatus.ContractSigned, LoanStatus.Active],
      [LoanStatus.Denied, LoanStatus.AwaitingSignContract],
      [LoanStatus.Timeout, LoanStatus.Request],
      [LoanStatus.Returned, LoanStatus.Active],
      [LoanStatus.Active, LoanStatus.Request],
      [LoanStatus.Sold, LoanStatus.Active],
    ];
    for (const [from, to] of refused as Array<[number, number]>) {
      assert.equal(canTransition(from, to), false);
      const loanId = await loanIn(from);
      await assert.rejects(
        database.db
          .transaction()
          .execute((trx) => transition(trx, loanId, to, { actor: { kind: 'system', id: null }, reason: 'x' })),
        (error: unknown) =>
          error instanceof ApiError &&
          error.statusCode === 409 &&
          error.entries[0]?.message === messages.loanStateConflict,
      );
      const row = await database.db
        .selectFrom('loans')
        .select('status')
        .where('id', '=', loanId)
        .executeTakeFirstOrThrow();
      assert.equal(row.status, from);
      const log = await database.db.selectFrom('loan_transitions').select('id').where('loan_id', '=', loanId).execute();
      assert.equal(log.length, 0);
    }
  });
});

describe('the ledger', () => {
  test('every recipe sums to zero; the repayment order is fines, commission, principal', () => {
    checkBalanced(recipes.payoutSent('1', 50_000));
    checkBalanced(recipes.payoutConfirmed('1', 50_000, 7_500));
    checkBalanced(recipes.payoutFailed('1', 50_000));
    const pay = recipes.repayment('1', 10_000, { fine: 1_000, commission: 7_500, principal: 50_000 });
    checkBalanced(pay);
    assert.deepEqual(
      pay.map((p) => [p.account, p.amount]),
      [
        [GlobalAccount.cash, 10_000],
        [LoanAccount.fines, -1_000],
        [LoanAccount.commission, -7_500],
        [LoanAccount.principal, -1_500],
      ],
    );
    assert.throws(() =>
      checkBalanced([
        { account: GlobalAccount.cash, amount: 1 },
        { account: GlobalAccount.payoutClearing, amount: -2 },
      ]),
    );
    assert.throws(() =>
      checkBalanced([
        { account: GlobalAccount.cash, amount: 0.5 },
        { account: GlobalAccount.payoutClearing, amount: -0.5 },
      ]),
    );
  });

  test('balances are the sum of postings; a replayed key posts nothing', async () => {
    const loanId = await loanIn(LoanStatus.Active);
    await database.db.transaction().execute(async (trx) => {
      await post(trx, {
        key: `t-${loanId}`,
        kind: 'payout_confirmed',
        loanId,
        postings: recipes.payoutConfirmed(loanId, 50_000, 7_500),
      });
      const again = await post(trx, {
        key: `t-${loanId}`,
        kind: 'payout_confirmed',
        loanId,
        postings: recipes.payoutConfirmed(loanId, 50_000, 7_500),
      });
      assert.equal(again.created, false);
      const owed = { fine: 0, commission: 7_500, principal: 50_000 };
      await post(trx, {
        key: `r-${loanId}`,
        kind: 'repayment',
        loanId,
        postings: recipes.repayment(loanId, 10_000, owed),
      });
    });
    const balances = await loanBalances(database.db, loanId);
    const { rows } = await sql<{ code: string; s: string }>`
      select a.code, sum(p.amount) as s from ledger_postings p join ledger_accounts a on a.id = p.account_id
      where a.loan_id = ${loanId} group by a.code`.execute(database.db);
    for (const row of rows) assert.equal(balances[row.code]?.balance, Number(row.s));
    assert.deepEqual(todayFromBalances(balances), {
      body: 47_500,
      annual_commission: 0,
      fine: 0,
      all_fines: 0,
      amount: 47_500,
    });
  });

  test('the database refuses postings that do not balance, and edits of postings', async () => {
    await assert.rejects(
      database.db.transaction().execute(async (trx) => {
        const t = await trx
          .insertInto('ledger_transactions')
          .values({ idempotency_key: 'unbalanced', kind: 'x', loan_id: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        const account = await trx
          .insertInto('ledger_accounts')
          .values({ code: 'test_account', loan_id: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('ledger_postings')
          .values({ transaction_id: t.id, account_id: account.id, amount: 5 })
          .execute();
      }),
      /does not balance/,
    );
    await assert.rejects(sql`update ledger_postings set amount = amount * 2`.execute(database.db), /cannot be changed/);
    await assert.rejects(sql`delete from ledger_postings`.execute(database.db), /cannot be changed/);
  });
});
