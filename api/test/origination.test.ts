import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LoanStatus, sandboxCaptchaToken } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import { sql } from 'kysely';
import { openSession } from '../src/identity/sessions.js';
import { decisionTimeout, operatorDecision } from '../src/loans/decision.js';
import { SIGNATURE_HEADER, signHeader } from '../src/providers/callbacks.js';
import { SANDBOX_BOUNCING_IBAN } from '../src/providers/payout.js';
import { startTestApi, type TestApi } from './harness.js';
import { customerAt, nextDni, sendRequiredFiles, TEST_IBAN, uploadPhoto, waitForStatus } from './origination-path.js';

let api: TestApi;
const PAYOUT_SECRET = 'test-payout-secret';

before(async () => {
  // The sandbox bank's two seconds, as in life: the bounced-payout test races its answer.
  api = await startTestApi({
    workers: true,
    env: { TRUST_PROXY: 'true', PROVIDER_SECRET_PAYOUT: PAYOUT_SECRET, SANDBOX_PAYOUT_DELAY_SECONDS: '2' },
  });
});
after(() => api.close());

const db = () => api.database.db;

async function ledgerSnapshot() {
  const { rows } = await sql<{
    n: string;
    s: string;
  }>`select count(*) as n, coalesce(sum(amount), 0) as s from ledger_postings`.execute(db());
  return { postings: Number(rows[0]?.n), sum: Number(rows[0]?.s) };
}
async function loanStatus(loanId: string) {
  const row = await db().selectFrom('loans').select('status').where('id', '=', loanId).executeTakeFirstOrThrow();
  return row.status;
}
/** The bank's callback as the framework takes it: HMAC-SHA256 over the timestamp and raw body. */
async function payoutCallback(event: Record<string, unknown>, options: { secret?: string; header?: string } = {}) {
  const body = JSON.stringify(event);
  return api.request('POST', '/v2/providers/payout/callback', {
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: options.header ?? signHeader(options.secret ?? PAYOUT_SECRET, body),
    },
    body: event,
  });
}
const assertSpanishError = (body: { errors: Array<{ message: string; property: string }> }) => {
  assert.ok(Array.isArray(body.errors) && body.errors.length > 0, JSON.stringify(body));
  assert.ok(body.errors[0]?.message && body.errors[0]?.property);
};

describe('origination: from an application to an active loan', () => {
  test('the sandbox path: decision, IBAN, signing by SMS, auto-debit skip, payout, Active with dates and balances', async () => {
    const me = await customerAt(api, 'active', { amount: 50_000 });
    const { body: loan } = await api.request('GET', '/v2/loan', { headers: me.headers });
    assert.equal(loan.status, LoanStatus.Active);
    assert.equal(loan.status_text, 'Préstamo activo');
    assert.match(loan.give_date, /^\d{4}-\d{2}-\d{2}$/);
    assert.match(loan.must_pay_date, /^\d{4}-\d{2}-\d{2}$/);
    assert.deepEqual(loan.days, { total: 30, left: 30, late: 0 });
    assert.equal(loan.auto_debit_step_completed, true);
    assert.deepEqual(loan.calculations.today, {
      body: 50_000,
      annual_commission: loan.commission,
      fine: 0,
      all_fines: 0,
      amount: 50_000 + loan.commission,
    });
    assert.equal(loan.agreements.length, 1);
    const pdf = await fetch(`${api.baseUrl}${loan.agreements[0].link}`, { headers: me.headers });
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.equal(pdf.headers.get('cache-control'), 'no-store');
    assert.equal(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
      '%PDF-',
    );
    const { body: user } = await api.request('GET', '/v2/user', { headers: me.headers });
    assert.equal(user.permissions.authorization_status, 2);
    const moves = await db()
      .selectFrom('loan_transitions')
      .select(['from_status', 'to_status', 'actor_kind'])
      .where('loan_id', '=', me.loanId)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      moves.map((m) => [m.from_status, m.to_status, m.actor_kind]),
      [
        [0, 26, 'job'],
        [26, 1, 'customer'],
        [1, 10, 'customer'],
        [10, 2, 'provider'],
      ],
    );
    const events = await db().selectFrom('funnel_events').select('event').where('loan_id', '=', me.loanId).execute();
    for (const name of ['decision', 'signing', 'autodebit', 'payout'])
      assert.ok(
        events.some((e) => e.event === name),
        name,
      );
  });

  test('every ledger transaction sums to zero and balances equal the sum of postings', async () => {
    const { rows } = await sql<{ id: string; s: string; n: string }>`
      select transaction_id as id, sum(amount) as s, count(*) as n from ledger_postings group by transaction_id`.execute(
      db(),
    );
    assert.ok(rows.length > 0);
    for (const row of rows) {
      assert.equal(Number(row.s), 0);
      assert.ok(Number(row.n) >= 2);
    }
  });

  test('the database refuses a ledger transaction whose postings do not sum to zero', async () => {
    const before = await ledgerSnapshot();
    await assert.rejects(
      db()
        .transaction()
        .execute(async (trx) => {
          const t = await trx
            .insertInto('ledger_transactions')
            .values({ idempotency_key: 'bad-1', kind: 'test', loan_id: null })
            .returning('id')
            .executeTakeFirstOrThrow();
          const a = await trx
            .insertInto('ledger_accounts')
            .values({ code: 'cash_at_bank', loan_id: null })
            .onConflict((oc) => oc.doNothing())
            .returning('id')
            .executeTakeFirst();
          const account =
            a?.id ??
            (
              await trx
                .selectFrom('ledger_accounts')
                .select('id')
                .where('code', '=', 'cash_at_bank')
                .executeTakeFirstOrThrow()
            ).id;
          await trx
            .insertInto('ledger_postings')
            .values({ transaction_id: t.id, account_id: account, amount: 100 })
            .execute();
          await trx
            .insertInto('ledger_postings')
            .values({ transaction_id: t.id, account_id: account, amount: -99 })
            .execute();
        }),
      /does not balance/,
    );
    assert.deepEqual(await ledgerSnapshot(), before);
  });

  test('a decision is explained and a human review can be asked once (GDPR Art. 22)', async () => {
    const me = await customerAt(api, 'signable');
    const reasons = await api.request('GET', '/v2/loan/decision', { headers: me.headers });
    assert.equal(reasons.status, 200);
    assert.equal(reasons.body.automated, true);
    assert.equal(reasons.body.outcome, 'approve');
    assert.ok(reasons.body.reasons[0].text);
    assert.equal(
      (await api.request('POST', '/v2/loan/decision/review', { headers: me.headers, body: { comment: 'Revisadlo' } }))
        .status,
      200,
    );
    const again = await api.request('POST', '/v2/loan/decision/review', { headers: me.headers, body: {} });
    assert.equal(again.status, 409);
    assert.equal(again.body.errors[0].message, messages.reviewAlreadyRequested);
  });

  test('a DNI on the test deny-list is denied; income too low for the amount gets a counter-offer, repriced', async () => {
    const denied = await customerAt(api, 'applied', { personalId: '00000000T' });
    const refused = await waitForStatus(api, denied.headers, [LoanStatus.Denied]);
    // Told in the inbox with the same text too (the page may be closed); a refused loan asks for no photos.
    const inbox = await api.request('GET', '/v2/notifications/inbox', { headers: denied.headers });
    assert.deepEqual(
      inbox.body.map((n: { message: string; severity: string }) => [n.message, n.severity]),
      [[messages.applicationDeclined, 'error']],
    );
    assert.deepEqual(refused.required_files, []);
    const lower = await customerAt(api, 'applied', { amount: 80_000, income: 100_000 });
    const loan = await waitForStatus(api, lower.headers, [LoanStatus.AwaitingSignContract]);
    // An approval asks for the identity photos and the selfie not sent yet.
    assert.deepEqual(loan.required_files, ['id_card', 'id_card_back', 'selfie_with_id_card']);
    assert.equal(loan.original_request_amount, 80_000);
    assert.equal(loan.request_amount, 50_000);
    assert.equal(loan.return_amount, 50_000 + loan.commission);
  });

  test('manual verification asks for the identity photos, the selfie and an income statement, each until it is uploaded; nothing is signed without them', async () => {
    const me = await customerAt(api, 'applied', { hasCurrentLoan: true, iban: false });
    const loan = await waitForStatus(api, me.headers, [LoanStatus.AwaitingVerification]);
    assert.deepEqual(loan.required_files, ['id_card', 'id_card_back', 'selfie_with_id_card', 'income_statement']);
    await uploadPhoto(api, me.headers, 'income_statement');
    const identity = ['id_card', 'id_card_back', 'selfie_with_id_card'];
    assert.deepEqual((await api.request('GET', '/v2/loan', { headers: me.headers })).body.required_files, identity);
    // The documents page offers exactly what is still missing.
    assert.deepEqual((await api.request('GET', '/v2/user/documents', { headers: me.headers })).body.required, identity);
    assert.equal(
      await operatorDecision(db(), me.loanId, 'laura', { approve: true }),
      LoanStatus.AwaitingIssuanceMethod,
    );
    // Without an IBAN yet: the disbursement method moves it to signing.
    const bad = await api.request('PUT', '/v2/user/issue_method', {
      headers: me.headers,
      body: { method_of_disbursement: 1, iban: 'ES00 1234' },
    });
    assert.equal(bad.status, 422);
    assert.deepEqual(bad.body.errors, [{ message: 'Número de IBAN incorrecto', property: 'iban' }]);
    const ok = await api.request('PUT', '/v2/user/issue_method', {
      headers: me.headers,
      body: { method_of_disbursement: 1, iban: 'ES91 2100 0418 4502 0005 1332' },
    });
    assert.equal(ok.status, 200);
    assert.equal(await loanStatus(me.loanId), LoanStatus.AwaitingSignContract);
    const accounts = await api.request('GET', '/v2/user/available_bank_accounts', { headers: me.headers });
    assert.deepEqual(accounts.body, [TEST_IBAN]);
    const early = await api.request('POST', '/v2/loan/sign_send', { headers: me.headers });
    assert.equal(early.status, 409, JSON.stringify(early.body));
    assert.equal(early.body.errors[0].message, messages.requiredFilesOutstanding);
    await sendRequiredFiles(api, me.headers);
    assert.deepEqual((await api.request('GET', '/v2/loan', { headers: me.headers })).body.required_files, []);
    assert.deepEqual((await api.request('GET', '/v2/user/documents', { headers: me.headers })).body.required, []);
    assert.equal((await api.request('POST', '/v2/loan/sign_send', { headers: me.headers })).status, 200);
  });

  test('an operator can approve a lower amount: repriced by the product rules, a first loan up to 300 EUR is free', async () => {
    const me = await customerAt(api, 'applied', { hasCurrentLoan: true, amount: 50_000 });
    await waitForStatus(api, me.headers, [LoanStatus.AwaitingVerification]);
    assert.equal(
      await operatorDecision(db(), me.loanId, 'laura', { approve: true, amount: 30_000 }),
      LoanStatus.AwaitingSignContract,
    );
    const { body: loan } = await api.request('GET', '/v2/loan', { headers: me.headers });
    assert.deepEqual(
      [loan.request_amount, loan.original_request_amount, loan.is_free, loan.commission, loan.return_amount],
      [30_000, 50_000, true, 0, 30_000],
    );
    assert.equal((await api.request('GET', '/v2/loan/decision', { headers: me.headers })).body.automated, false);
  });

  test('a loan still undecided when its timer fires times out (Timeout 36); a decided one does not', async () => {
    const me = await customerAt(api, 'applied', { hasCurrentLoan: true });
    await waitForStatus(api, me.headers, [LoanStatus.AwaitingVerification]);
    assert.equal(await decisionTimeout(db(), me.loanId, LoanStatus.Request), false);
    assert.equal(await decisionTimeout(db(), me.loanId, LoanStatus.AwaitingVerification), true);
    assert.equal(await loanStatus(me.loanId), LoanStatus.Timeout);
  });
});

describe('signing faults', () => {
  test('a wrong code 6 times: the 5 tries run out, then the code is dead; state unchanged', async () => {
    const me = await customerAt(api, 'signable');
    const sent = await api.request('POST', '/v2/loan/sign_send', { headers: me.headers });
    const right = sent.headers.get('x-sms-code') as string;
    const wrong = right === '0000' ? '1111' : '0000';
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await api.request('POST', '/v2/loan/sign', { headers: me.headers, body: { code: wrong } }));
    assert.ok(answers.every((a) => a.status === 422));
    assert.equal(answers[0]?.body.errors[0].message, messages.codeIncorrect);
    assert.equal(answers[5]?.body.errors[0].message, messages.codeAttemptsExhausted);
    const late = await api.request('POST', '/v2/loan/sign', { headers: me.headers, body: { code: right } });
    assert.equal(late.status, 422);
    assert.equal(await loanStatus(me.loanId), LoanStatus.AwaitingSignContract);
    const resend = await api.request('POST', '/v2/loan/sign_send', { headers: me.headers });
    assert.equal(resend.status, 429, 'a new code no sooner than 90 s');
  });

  test("a code for another loan (another customer's) does not sign this one", async () => {
    const a = await customerAt(api, 'signable');
    const b = await customerAt(api, 'signable');
    const codeA = (await api.request('POST', '/v2/loan/sign_send', { headers: a.headers })).headers.get('x-sms-code');
    const codeB = (await api.request('POST', '/v2/loan/sign_send', { headers: b.headers })).headers.get('x-sms-code');
    if (codeA !== codeB) {
      const cross = await api.request('POST', '/v2/loan/sign', { headers: b.headers, body: { code: codeA } });
      assert.equal(cross.status, 422);
    }
    assert.equal(await loanStatus(b.loanId), LoanStatus.AwaitingSignContract);
  });

  test('a code sent before the IBAN changed no longer fits (dynamic linking)', async () => {
    const me = await customerAt(api, 'signable');
    const code = (await api.request('POST', '/v2/loan/sign_send', { headers: me.headers })).headers.get('x-sms-code');
    await api.request('PUT', '/v2/user/issue_method', {
      headers: me.headers,
      body: { method_of_disbursement: 1, iban: 'ES7921000813610123456789' },
    });
    const signed = await api.request('POST', '/v2/loan/sign', { headers: me.headers, body: { code } });
    assert.equal(signed.status, 422);
    assert.equal(await loanStatus(me.loanId), LoanStatus.AwaitingSignContract);
  });

  test('20 concurrent sign calls with the right code: one signature; signing twice is refused', async () => {
    const me = await customerAt(api, 'signable');
    const code = (await api.request('POST', '/v2/loan/sign_send', { headers: me.headers })).headers.get('x-sms-code');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api.request('POST', '/v2/loan/sign', { headers: me.headers, body: { code } })),
    );
    assert.equal(answers.filter((a) => a.status === 200).length, 1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      assert.ok(a.status >= 400 && a.status < 500);
      assertSpanishError(a.body);
    }
    const signatures = await db()
      .selectFrom('loan_signatures')
      .select('loan_id')
      .where('loan_id', '=', me.loanId)
      .execute();
    assert.equal(signatures.length, 1);
    const twice = await api.request('POST', '/v2/loan/sign', { headers: me.headers, body: { code } });
    assert.equal(twice.status, 409);
    assert.equal(twice.body.errors[0].message, messages.loanStateConflict);
  });

  test('an admin impersonation session cannot send or use a signing code, nor change the IBAN', async () => {
    const me = await customerAt(api, 'signable');
    const user = await db().selectFrom('loans').select('user_id').where('id', '=', me.loanId).executeTakeFirstOrThrow();
    const token = await openSession(db(), { userId: user.user_id, kind: 'admin', actor: 'marta', address: null });
    const admin = { authorization: `Bearer ${token}` };
    for (const [method, path, body] of [
      ['POST', '/v2/loan/sign_send', undefined],
      ['POST', '/v2/loan/sign', { code: '1234' }],
      ['PUT', '/v2/user/issue_method', { method_of_disbursement: 1, iban: TEST_IBAN }],
    ] as const) {
      const answer = await api.request(method, path, { headers: admin, body });
      assert.equal(answer.status, 403, path);
      assert.equal(answer.body.errors[0].message, messages.impersonationForbidden);
    }
  });
});

describe('auto-debit and payout faults', () => {
  test('auto-debit: completing the step again after the payout moved the loan on answers as before', async () => {
    const me = await customerAt(api, 'active');
    const again = await api.request('POST', '/v2/loan/steps/autodebit/complete', {
      headers: me.headers,
      body: { autodebit_enabled: false },
    });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal((await api.request('GET', '/v2/loan', { headers: me.headers })).body.status, 2);
  });

  test('auto-debit: enabling without a card is a clear 422; payout before the step is refused', async () => {
    const me = await customerAt(api, 'signed');
    const early = await api.request('POST', '/v2/loan/issuance', { headers: me.headers });
    assert.equal(early.status, 409);
    const on = await api.request('POST', '/v2/loan/steps/autodebit/complete', {
      headers: me.headers,
      body: { autodebit_enabled: true },
    });
    assert.equal(on.status, 422);
    assert.deepEqual(on.body.errors, [{ message: messages.autoDebitCardRequired, property: 'autodebit_enabled' }]);
    await db()
      .updateTable('users')
      .set({ is_hide_skip_auto_debit_button: true })
      .where('mobile_phone', '=', me.phone)
      .execute();
    const skip = await api.request('POST', '/v2/loan/steps/autodebit/complete', {
      headers: me.headers,
      body: { autodebit_enabled: false },
    });
    assert.equal(skip.status, 422);
    assert.equal(skip.body.errors[0].message, messages.autoDebitRequired);
    assert.equal(
      (await api.request('GET', '/v2/user', { headers: me.headers })).body.is_hide_skip_auto_debit_button,
      true,
    );
    assert.equal((await api.request('GET', '/v2/loan', { headers: me.headers })).body.auto_debit_step_completed, false);
  });

  test('payout is idempotent; forged, replayed and misplaced callbacks change nothing', async () => {
    const me = await customerAt(api, 'autodebit');
    const first = await api.request('POST', '/v2/loan/issuance', { headers: me.headers });
    const again = await api.request('PUT', '/v2/user/issuance', { headers: me.headers });
    assert.equal(first.status, 201);
    assert.equal(again.status, 200);
    assert.equal(again.body.reference, first.body.reference);
    await waitForStatus(api, me.headers, [LoanStatus.Active]);
    const ledger = await ledgerSnapshot();
    const event = { event_id: `evt-payout-${Date.now()}-a`, reference: first.body.reference, status: 'confirmed' };
    const forged = await payoutCallback(event, { secret: 'not-the-bank' });
    assert.equal(forged.status, 401);
    assertSpanishError(forged.body);
    const unsigned = await payoutCallback(event, { header: '' });
    assert.equal(unsigned.status, 401);
    // The sandbox bank already settled this transfer: a real callback for it, then its replays, do nothing.
    const replays = [];
    for (let i = 0; i < 3; i++) replays.push(await payoutCallback(event));
    assert.ok(replays.every((r) => r.status === 200 && r.body.result.applied === false));
    assert.deepEqual(
      replays.map((r) => r.body.replayed),
      [false, true, true],
    );
    assert.deepEqual(await ledgerSnapshot(), ledger);
    assert.equal(await loanStatus(me.loanId), LoanStatus.Active);
  });

  test('a payout callback for a loan not awaiting payout is refused and changes nothing', async () => {
    const me = await customerAt(api, 'autodebit');
    const { body } = await api.request('POST', '/v2/loan/issuance', { headers: me.headers });
    await waitForStatus(api, me.headers, [LoanStatus.Active]);
    // Pretend the bank's confirmation never arrived, yet the loan has moved on (e.g. failed): Processing is gone.
    await db()
      .updateTable('payouts')
      .set({ status: 'accepted' })
      .where('provider_reference', '=', body.reference)
      .execute();
    const ledger = await ledgerSnapshot();
    const answer = await payoutCallback({
      event_id: `evt-payout-${Date.now()}-b`,
      reference: body.reference,
      status: 'confirmed',
    });
    assert.equal(answer.status, 409);
    assert.equal(answer.body.errors[0].message, messages.loanStateConflict);
    assert.deepEqual(await ledgerSnapshot(), ledger);
    assert.equal(await loanStatus(me.loanId), LoanStatus.Active);
  });

  test('a bounced payout: ProcessingFail 15 with its text, the principal back in cash; the retry pays out once', async () => {
    const me = await customerAt(api, 'autodebit', { ibanNumber: SANDBOX_BOUNCING_IBAN });
    const first = await api.request('POST', '/v2/loan/issuance', { headers: me.headers });
    assert.equal(first.status, 201);
    // The sandbox bank refuses transfers to its test IBAN, by its signed callback.
    const failed = await waitForStatus(api, me.headers, [LoanStatus.ProcessingFail]);
    assert.equal(failed.status_text, 'No hemos podido enviar el dinero');
    assert.equal(failed.status_type, 'error');
    assert.equal(failed.give_date, null);
    assert.equal(failed.calculations.today.amount, 0, 'the customer owes nothing for money never received');
    const moneyOf = async () => {
      const { rows } = await sql<{ code: string; total: string }>`
        select a.code, sum(p.amount) as total from ledger_postings p
        join ledger_accounts a on a.id = p.account_id
        join ledger_transactions t on t.id = p.transaction_id
        where t.loan_id = ${me.loanId} group by a.code`.execute(db());
      return Object.fromEntries(rows.map((r) => [r.code, Number(r.total)]));
    };
    assert.deepEqual(await moneyOf(), { cash_at_bank: 0, payout_clearing: 0 });
    const stored = await db()
      .selectFrom('payouts')
      .select(['status', 'failure', 'attempt'])
      .where('loan_id', '=', me.loanId)
      .execute();
    assert.deepEqual(stored, [{ status: 'failed', failure: 'account closed', attempt: 1 }]);
    // The bank repeating its bounce changes nothing.
    const ledger = await ledgerSnapshot();
    const replay = await payoutCallback({
      event_id: `evt-bounce-${Date.now()}`,
      reference: first.body.reference,
      status: 'failed',
    });
    assert.equal(replay.status, 200);
    assert.equal(replay.body.result.applied, false);
    assert.deepEqual(await ledgerSnapshot(), ledger);

    // The customer tries again: a second transfer, which the bank confirms this time.
    const retry = await api.request('POST', '/v2/loan/issuance', { headers: me.headers });
    assert.equal(retry.status, 201);
    assert.notEqual(retry.body.reference, first.body.reference);
    assert.equal(retry.body.status, LoanStatus.Processing);
    const again = await api.request('POST', '/v2/loan/issuance', { headers: me.headers });
    assert.equal(again.body.reference, retry.body.reference, 'one transfer under way at a time');
    const confirmed = await payoutCallback({
      event_id: `evt-paid-${Date.now()}`,
      reference: retry.body.reference,
      status: 'confirmed',
    });
    assert.equal(confirmed.status, 200);
    assert.equal(confirmed.body.result.applied, true);
    const active = await waitForStatus(api, me.headers, [LoanStatus.Active]);
    assert.equal(active.calculations.today.body, active.request_amount);
    assert.deepEqual((await moneyOf()).payout_clearing, 0);
    const moves = await db()
      .selectFrom('loan_transitions')
      .select(['from_status', 'to_status', 'actor_kind'])
      .where('loan_id', '=', me.loanId)
      .where('from_status', 'in', [LoanStatus.Processing, LoanStatus.ProcessingFail])
      .orderBy('id')
      .execute();
    assert.deepEqual(
      moves.map((m) => [m.from_status, m.to_status, m.actor_kind]),
      [
        [10, 15, 'provider'],
        [15, 10, 'customer'],
        [10, 2, 'provider'],
      ],
    );
    // Later, the sandbox bank's own answer for the retry (a bounce, to this IBAN) finds it settled: nothing moves.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    assert.equal(await loanStatus(me.loanId), LoanStatus.Active);
  });

  test("another customer's token on every new endpoint: 404 or a refusal, nothing leaked", async () => {
    const owner = await customerAt(api, 'active');
    const { body: loan } = await api.request('GET', '/v2/loan', { headers: owner.headers });
    const stranger = await customerAt(api, 'applied', { personalId: nextDni() });
    await waitForStatus(api, stranger.headers, [LoanStatus.AwaitingSignContract]);
    const other = await api.request('GET', `${loan.agreements[0].link}`, { headers: stranger.headers });
    assert.equal(other.status, 404);
    assertSpanishError(other.body);
    const mine = await api.request('GET', '/v2/user/available_bank_accounts', { headers: stranger.headers });
    assert.deepEqual(mine.body, [TEST_IBAN]);
    const issuance = await api.request('POST', '/v2/loan/issuance', { headers: stranger.headers });
    assert.equal(issuance.status, 409, 'the stranger only reaches their own loan');
    assert.equal(await loanStatus(owner.loanId), LoanStatus.Active);
  });
});

describe('counter-offers, method 9, links and strangers', () => {
  test('the counter-offer flag: approve_new_conditions sets it once the amount changed; without a change it is refused', async () => {
    const lower = await customerAt(api, 'applied', { amount: 80_000, income: 100_000 });
    let loan = await waitForStatus(api, lower.headers, [LoanStatus.AwaitingSignContract]);
    assert.equal(loan.new_conditions_approved, false);
    assert.equal(
      (await api.request('POST', '/v2/loan/approve_new_conditions', { headers: lower.headers })).status,
      200,
    );
    loan = (await api.request('GET', '/v2/loan', { headers: lower.headers })).body;
    assert.equal(loan.new_conditions_approved, true);
    const same = await customerAt(api, 'signable');
    const refused = await api.request('POST', '/v2/loan/approve_new_conditions', { headers: same.headers });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.errors[0].message, messages.noNewConditions);
  });

  test('method 9 (aggregation) moves a loan awaiting its method to AwaitingBankProcessData', async () => {
    const me = await customerAt(api, 'applied', { iban: false });
    await waitForStatus(api, me.headers, [LoanStatus.AwaitingIssuanceMethod]);
    const chosen = await api.request('PUT', '/v2/user/issue_method', {
      headers: me.headers,
      body: { method_of_disbursement: 9 },
    });
    assert.equal(chosen.status, 200);
    assert.equal(await loanStatus(me.loanId), LoanStatus.AwaitingBankProcessData);
  });

  test('an agreement link stops working when it expires or is tampered with', async () => {
    const me = await customerAt(api, 'signed');
    const { body: loan } = await api.request('GET', '/v2/loan', { headers: me.headers });
    const link = new URL(loan.agreements[0].link, api.baseUrl);
    const expired = new URL(link);
    expired.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 10));
    const stale = await api.request('GET', `${expired.pathname}${expired.search}`, { headers: me.headers });
    assert.equal(stale.status, 410);
    assert.equal(stale.body.errors[0].message, messages.agreementLinkExpired);
    const noToken = await api.request('GET', `${link.pathname}${link.search}`);
    assert.equal(noToken.status, 401);
  });

  test('a customer without a loan reaches nothing through the new loan endpoints (404 in the error shape of every answer)', async () => {
    const owner = await customerAt(api, 'signable');
    const phone = '655443322';
    const from = { 'x-forwarded-for': '10.250.0.1' };
    const sent = await api.request('POST', '/v2/user/login', {
      headers: from,
      body: { recaptcha_token: sandboxCaptchaToken(), mobile_phone: phone },
    });
    const { body } = await api.request('POST', '/v2/user/login_confirm', {
      headers: from,
      body: { mobile_phone: phone, code: sent.headers.get('x-sms-code') },
    });
    const headers = { ...from, authorization: `Bearer ${body.token}` };
    const calls: Array<[string, string, unknown]> = [
      ['POST', '/v2/loan/sign_send', undefined],
      ['POST', '/v2/loan/sign', { code: '1234' }],
      ['POST', '/v2/loan/steps/autodebit/complete', { autodebit_enabled: false }],
      ['POST', '/v2/loan/issuance', undefined],
      ['PUT', '/v2/user/issuance', undefined],
      ['POST', '/v2/loan/approve_new_conditions', undefined],
      ['GET', '/v2/loan/decision', undefined],
      ['POST', '/v2/loan/decision/review', {}],
      ['PUT', '/v2/user/issue_method', { method_of_disbursement: 1, iban: TEST_IBAN }],
    ];
    for (const [method, path, payload] of calls) {
      const answer = await api.request(method, path, { headers, body: payload });
      assert.equal(answer.status, 404, `${method} ${path}: ${JSON.stringify(answer.body)}`);
      assertSpanishError(answer.body);
    }
    assert.deepEqual((await api.request('GET', '/v2/user/available_bank_accounts', { headers })).body, []);
    assert.equal(await loanStatus(owner.loanId), LoanStatus.AwaitingSignContract);
    for (const [method, path, payload] of calls) {
      assert.equal((await api.request(method, path, { body: payload })).status, 401, `${path} without a token`);
    }
  });
});
