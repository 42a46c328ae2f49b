import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LoanStatus } from '@credimo/shared/domain';
import { sql } from 'kysely';
import { sha256 } from '../src/crypto.js';
import { VERSIONED_TABLES } from '../src/db/view-versions.js';
import { post, recipes } from '../src/domain/ledger.js';
import { pollTag, presentedTags } from '../src/identity/poll.js';
import { forgetDeadSessions, keepAnswer } from '../src/identity/poll-cache.js';
import { openSession } from '../src/identity/sessions.js';
import { confirmedUser } from '../src/identity/users.js';
import { type LoanWithParts, loanViewOf } from '../src/views/loan.js';
import { startTestApi, type TestApi } from './harness.js';
import { statementsOf as statementsSent } from './statements.js';

let api: TestApi;
let counter = 0;

async function customer() {
  const n = ++counter;
  const userId = await confirmedUser(api.database.db, `6140${String(n).padStart(5, '0')}`);
  const token = await openSession(api.database.db, { userId, kind: 'customer', address: null });
  return { userId, token, headers: { authorization: `Bearer ${token}` } };
}

async function completeProfile(headers: Record<string, string>) {
  const number = 30000000 + counter;
  const personalId = `${number}${'TRWAGMYFPDXBNJZSQVHLCKE'[number % 23]}`;
  const saved = await api.request('PUT', '/v2/user/personal_data_and_address', {
    headers,
    body: {
      first_name: 'Lucía',
      first_surname: 'Martín',
      personal_id: personalId,
      expiry_date: '2031-01-01',
      nationality: 'ES',
      birthday: '1990-05-05',
      gender: 'female',
      registration_address: { postal_code: '28014', region: 'Madrid', city: 'Madrid', street: 'Calle de Alcalá' },
      is_actual_address: true,
    },
  });
  assert.equal(saved.status, 200);
  const more = await api.request('PUT', '/v2/user/additional_data', {
    headers,
    body: {
      employment_type_id: 4,
      education: 'university',
      has_current_loan: false,
      email: 'lucia@credimo.es',
      contact_type: 56,
      contact_phone_number: '634567812',
    },
  });
  assert.equal(more.status, 200);
}

const poll = (path: string, headers: Record<string, string>, etag?: string | null) =>
  api.request('GET', path, { headers: etag ? { ...headers, 'if-none-match': etag } : headers });

/**
 * The SQL statements the API sends while `work` runs (the job queue's own statements, and the rate limiter's
 * counters it flushes in batches whenever they are due, left out).
 */
const statementsOf = (work: () => Promise<unknown>) =>
  statementsSent(work, (text) => !/pgboss|rate_limit_counters/.test(text));

/** A customer with a complete profile and an application (status Request); returns its loan id too. */
async function customerWithLoan() {
  const me = await customer();
  await completeProfile(me.headers);
  const applied = await api.request('POST', '/v2/loan', {
    headers: me.headers,
    body: { loan_period: 30, loan_sum: 50000, attempt_reference: `poll-${counter}-abcdef` },
  });
  assert.equal(applied.status, 201);
  return { ...me, loanId: String(applied.body.id) };
}

/** Polls twice: the first answer's tag, then asserts the same tag still answers 304 (nothing changed yet). */
async function settledTag(path: string, headers: Record<string, string>) {
  const first = await poll(path, headers);
  assert.equal(first.status, 200);
  const etag = first.headers.get('etag');
  assert.equal((await poll(path, headers, etag)).status, 304);
  return { etag, body: first.body };
}

/** After `change`, the old tag gets a full answer with a new tag (on both polled views), and that one a 304. */
async function assertSeen(headers: Record<string, string>, change: () => Promise<unknown>) {
  const user = await settledTag('/v2/user', headers);
  const loan = await settledTag('/v2/loan', headers);
  await change();
  // biome-ignore lint/suspicious/noExplicitAny: tests read the JSON they assert on
  const answers: Record<string, { body: any }> = {};
  for (const [path, was] of [
    ['/v2/user', user],
    ['/v2/loan', loan],
  ] as const) {
    const now = await poll(path, headers, was.etag);
    assert.equal(now.status, 200, `${path} sees the change`);
    assert.notEqual(now.headers.get('etag'), was.etag);
    assert.equal((await poll(path, headers, now.headers.get('etag'))).status, 304);
    answers[path] = now;
  }
  return {
    before: { user: user.body, loan: loan.body },
    user: answers['/v2/user']?.body,
    loan: answers['/v2/loan']?.body,
  };
}

before(async () => {
  api = await startTestApi();
});
after(() => api.close());

describe('conditional polling of GET /v2/user', () => {
  test('answers an ETag, and the same ETag in If-None-Match costs a 304 with no body', async () => {
    const me = await customer();
    const first = await poll('/v2/user', me.headers);
    assert.equal(first.status, 200);
    const etag = first.headers.get('etag');
    assert.match(etag ?? '', /^"user\.[0-9a-z]+\.[\w-]+"$/);
    const again = await poll('/v2/user', me.headers, etag);
    assert.equal(again.status, 304);
    assert.equal(again.body, null);
    assert.equal(again.headers.get('etag'), etag);
  });

  test('a stale or foreign If-None-Match gets the full answer', async () => {
    const me = await customer();
    const answer = await poll('/v2/user', me.headers, '"not-this-one"');
    assert.equal(answer.status, 200);
    assert.equal(answer.body.id, String(me.userId));
  });

  test('the ETag changes when the profile changes', async () => {
    const me = await customer();
    const before = (await poll('/v2/user', me.headers)).headers.get('etag');
    await completeProfile(me.headers);
    const after = await poll('/v2/user', me.headers, before);
    assert.equal(after.status, 200);
    assert.notEqual(after.headers.get('etag'), before);
    assert.equal(after.body.personal_data.first_name, 'Lucía');
    assert.equal(after.body.permissions.authorization_status, 3);
  });

  test('the ETag changes when a loan is applied for and when its status or amounts change', async () => {
    const me = await customer();
    await completeProfile(me.headers);
    const noLoan = await poll('/v2/user', me.headers);
    assert.deepEqual(noLoan.body.loan_count, { all: 0, active: 0 });
    const applied = await api.request('POST', '/v2/loan', {
      headers: me.headers,
      body: { loan_period: 30, loan_sum: 50000, attempt_reference: `poll-${counter}-abcdef` },
    });
    assert.equal(applied.status, 201);
    const withLoan = await poll('/v2/user', me.headers, noLoan.headers.get('etag'));
    assert.equal(withLoan.status, 200);
    assert.equal(withLoan.body.loan.status, LoanStatus.Request);
    assert.deepEqual(withLoan.body.loan_count, { all: 1, active: 1 });
    assert.equal(withLoan.body.permissions.authorization_status, 2);

    const loanTag = (await poll('/v2/loan', me.headers)).headers.get('etag');
    assert.equal((await poll('/v2/loan', me.headers, loanTag)).status, 304);

    // Whatever changes the loan the customer sees (here its status, then its balance) changes both tags.
    await api.database.db
      .updateTable('loans')
      .set({ status: LoanStatus.Denied })
      .where('user_id', '=', me.userId)
      .execute();
    const denied = await poll('/v2/user', me.headers, withLoan.headers.get('etag'));
    assert.equal(denied.status, 200);
    assert.equal(denied.body.loan.status, LoanStatus.Denied);
    assert.deepEqual(denied.body.loan_count, { all: 1, active: 0 });
    const deniedLoan = await poll('/v2/loan', me.headers, loanTag);
    assert.equal(deniedLoan.status, 200);
    assert.equal(deniedLoan.body.status, LoanStatus.Denied);

    await api.database.db
      .updateTable('loans')
      .set({ return_amount: sql`return_amount + 100` })
      .where('user_id', '=', me.userId)
      .execute();
    const rebalanced = await poll('/v2/loan', me.headers, deniedLoan.headers.get('etag'));
    assert.equal(rebalanced.status, 200);
    assert.equal(rebalanced.body.return_amount, deniedLoan.body.return_amount + 100);
  });

  test('the user carries loan_count (all, active), and no personal promo code before one is earned', async () => {
    const me = await customer();
    const { body } = await poll('/v2/user', me.headers);
    assert.deepEqual(body.loan_count, { all: 0, active: 0 });
    assert.deepEqual(body.discounts, [], 'the discounts table is what may be earned, not what this customer has');
  });
});

describe('the ETag changes on every change the customer sees', () => {
  test('documents handed in or skipped', async () => {
    const me = await customer();
    const { before, user } = await assertSeen(me.headers, () =>
      api.database.db.insertInto('documents').values({ user_id: me.userId, type: 'id_card', skipped: true }).execute(),
    );
    assert.deepEqual(before.user.documents, []);
    assert.deepEqual(
      user.documents.map((d: { type: string }) => d.type),
      ['skip_id_card'],
    );
  });

  test('the liveness check handed over, and its verdict', async () => {
    const me = await customer();
    const claimed = await assertSeen(me.headers, () =>
      api.database.db
        .insertInto('liveness_checks')
        .values({
          transaction_id: `poll-liveness-${counter}`,
          provider: 'sandbox',
          user_id: me.userId,
          status: 'pending',
          claimed_at: new Date(),
        })
        .execute(),
    );
    assert.deepEqual(claimed.before.user.liveness, { status: null, allowed: true });
    assert.deepEqual(claimed.user.liveness, { status: 'pending', allowed: true });
    const verdict = await assertSeen(me.headers, () =>
      api.database.db
        .updateTable('liveness_checks')
        .set({ status: 'success' })
        .where('transaction_id', '=', `poll-liveness-${counter}`)
        .execute(),
    );
    assert.equal(verdict.user.liveness.status, 'success');
  });

  test('a payment card requested, then completed', async () => {
    const me = await customer();
    const requested = await assertSeen(me.headers, () =>
      api.database.db
        .insertInto('payment_cards')
        .values({ user_id: me.userId, request_id: `poll-card-${counter}`, status: 'New', return_url: '/account' })
        .execute(),
    );
    assert.equal(requested.user.payment_card_request_status, 'New');
    const completed = await assertSeen(me.headers, () =>
      api.database.db
        .updateTable('payment_cards')
        .set({ status: 'Completed', token: 'tok', pan: '424242******4242' })
        .where('request_id', '=', `poll-card-${counter}`)
        .execute(),
    );
    assert.deepEqual(
      completed.user.payment_cards.map((c: { pan: string }) => c.pan),
      ['424242******4242'],
    );
  });

  test("the loan's balance: a ledger posting (payout, daily accrual, a payment) moves calculations.today", async () => {
    const me = await customerWithLoan();
    const { before, user, loan } = await assertSeen(me.headers, () =>
      api.database.db.transaction().execute((trx) =>
        post(trx, {
          key: `poll-balance-${me.loanId}`,
          kind: 'payout_confirmed',
          loanId: me.loanId,
          postings: recipes.payoutConfirmed(me.loanId, 50000, 7500),
        }),
      ),
    );
    assert.equal(before.loan.calculations.today.amount, 0);
    assert.deepEqual(loan.calculations.today, {
      body: 50000,
      annual_commission: 7500,
      fine: 0,
      all_fines: 0,
      amount: 57500,
    });
    assert.deepEqual(user.loan.calculations.today, loan.calculations.today);
  });

  test('an agreement stored for the loan (its links then step by the minute)', async () => {
    const me = await customerWithLoan();
    const { user } = await assertSeen(me.headers, () =>
      api.database.db
        .insertInto('loan_agreements')
        .values({ loan_id: me.loanId, type: 'agreement', name: 'Contrato.pdf', pdf: Buffer.from('%PDF-1.4') })
        .execute(),
    );
    assert.equal(user.loan.agreements.length, 1);
    assert.match(user.loan.agreements[0].link, /^\/v2\/loan\/agreements\/\d+\?expires=\d+&signature=/);
  });

  test('a payment request pending (has_pending_payment), and its answer', async () => {
    const me = await customerWithLoan();
    const pending = await assertSeen(me.headers, () =>
      api.database.db
        .insertInto('payment_requests')
        .values({
          loan_id: me.loanId,
          reference: `poll-pay-${counter}`,
          payment_type: 'payoff',
          channel: 'card',
          amount: 100,
        })
        .execute(),
    );
    assert.equal(pending.before.loan.has_pending_payment, false);
    assert.equal(pending.loan.has_pending_payment, true);
    const paid = await assertSeen(me.headers, () =>
      api.database.db
        .updateTable('payment_requests')
        .set({ status: 'failed' })
        .where('reference', '=', `poll-pay-${counter}`)
        .execute(),
    );
    assert.equal(paid.loan.has_pending_payment, false);
  });

  test("the servicing clock moving on (npm run ops -- advance-days) changes every customer's tags", async () => {
    const me = await customerWithLoan();
    const other = await customer();
    const othersTag = await settledTag('/v2/user', other.headers);
    const { before, loan } = await assertSeen(me.headers, () =>
      api.database.db.updateTable('sandbox_clock').set({ offset_days: 1 }).execute(),
    );
    await api.database.db.updateTable('sandbox_clock').set({ offset_days: 0 }).execute();
    assert.notEqual(loan.predicted_must_pay_date, before.loan.predicted_must_pay_date);
    assert.equal((await poll('/v2/user', other.headers, othersTag.etag)).status, 200);
  });

  test('a personal promo code earned, its percent changed, and spent by a loan (then never offered again)', async () => {
    const me = await customerWithLoan();
    const other = await customer();
    const earned = await assertSeen(me.headers, () =>
      api.database.db
        .insertInto('earned_discounts')
        .values({ user_id: me.userId, target: 'autodebit_card_added' })
        .execute(),
    );
    assert.deepEqual(
      earned.user.discounts.map((d: { target: string; percent: number }) => [d.target, d.percent]),
      [['autodebit_card_added', 15]],
    );
    assert.deepEqual((await poll('/v2/user', other.headers)).body.discounts, [], "another customer's is not theirs");
    const repriced = await assertSeen(me.headers, () =>
      api.database.db
        .updateTable('discounts')
        .set({ percent: 20 })
        .where('target', '=', 'autodebit_card_added')
        .execute(),
    );
    assert.equal(repriced.user.discounts[0].percent, 20);
    await api.database.db
      .updateTable('discounts')
      .set({ percent: 15 })
      .where('target', '=', 'autodebit_card_added')
      .execute();
    const spent = await assertSeen(me.headers, () =>
      api.database.db
        .updateTable('earned_discounts')
        .set({ used_by_loan_id: me.loanId })
        .where('user_id', '=', me.userId)
        .execute(),
    );
    assert.deepEqual(spent.user.discounts, []);
  });
});

describe('a view that changes with time alone: its tag says until when it holds', () => {
  const session = { id: '7', userId: '3', kind: 'customer' as const, actor: null };
  const versions = { user: '41', shared: '2' };

  test('a tag is good until its instant, then it gets a full answer; 0 is good until a write', () => {
    const now = Date.UTC(2026, 10, 23, 12, 0, 0);
    const timed = pollTag('user', session, versions, now + 60_000, '1.0.0');
    assert.deepEqual(presentedTags(timed, 'user', now), [{ tag: timed, changesAt: now + 60_000 }]);
    assert.deepEqual(presentedTags(timed, 'user', now + 60_000), []);
    const forever = pollTag('user', session, versions, 0, '1.0.0');
    assert.equal(presentedTags(forever, 'user', now + 10 ** 10).length, 1);
    // One view's tag never answers the other; a tag of someone else's making is no tag of ours.
    assert.deepEqual(presentedTags(forever, 'loan', now), []);
    assert.deepEqual(presentedTags('"user.0.made-up"', 'user', now), []);
    assert.notEqual(pollTag('loan', session, versions, 0, '1.0.0'), forever);
    assert.notEqual(pollTag('user', session, { ...versions, user: '42' }, 0, '1.0.0'), forever);
    assert.notEqual(pollTag('user', { ...session, id: '8' }, versions, 0, '1.0.0'), forever);
    assert.notEqual(pollTag('user', session, versions, 0, '1.0.1'), forever, 'a new API version, a new shape');
  });

  const loanRow = (parts: Partial<LoanWithParts> = {}): LoanWithParts =>
    ({
      id: '1',
      public_id: 'CR100001',
      user_id: '3',
      product_id: 1,
      status: 2,
      request_date: '2026-11-20T10:00:00Z',
      request_amount: 50000,
      original_request_amount: 50000,
      return_amount: 57500,
      commission: 7500,
      tae_tenths: 0,
      is_free: false,
      promocode: null,
      term: 30,
      required_files: [],
      auto_debit_step_completed: true,
      approve_date: null,
      give_date: '2026-11-20',
      must_pay_date: '2026-12-20',
      withdrawal_until: '2026-12-04',
      new_conditions_approved: true,
      ledger_balances: [],
      agreement_rows: [],
      pending_until: null,
      withdrawal_row: null,
      cession_row: null,
      product_row: {
        min_amount: 5000,
        max_amount: 100000,
        amount_step: 1000,
        min_term: 5,
        max_term: 30,
        term_step: 1,
        free_first_loan_max_amount: 30000,
      },
      fee_bands: [{ max_term: 30, daily_basis_points: 50 }],
      ...parts,
    }) as unknown as LoanWithParts;

  test("a loan's view holds until the day turns, the agreement links step, or a pending payment lapses", () => {
    const now = Date.parse('2026-11-23T12:00:30Z');
    const context = { now, clockOffsetDays: 0, agreementKey: 'k' };
    // The day turns at midnight in Madrid: 23:00 UTC in winter.
    const midnight = Date.parse('2026-11-23T23:00:00Z');
    assert.equal(loanViewOf(loanRow(), context).changesAt, midnight);
    const linked = loanViewOf(
      loanRow({ agreement_rows: [{ id: 5, type: 'agreement', name: 'Contrato.pdf' }] }),
      context,
    );
    assert.equal(linked.changesAt, Date.parse('2026-11-23T12:01:00Z'));
    const pendingUntil = new Date(now + 10 * 60_000);
    const pending = loanViewOf(loanRow({ pending_until: pendingUntil.toISOString() }), context);
    assert.equal(pending.view.has_pending_payment, true);
    assert.equal(pending.changesAt, pendingUntil.getTime());
    const lapsed = loanViewOf(loanRow({ pending_until: new Date(now - 1).toISOString() }), context);
    assert.equal(lapsed.view.has_pending_payment, false);
    assert.equal(lapsed.changesAt, midnight);
  });
});

describe('the poll costs one round trip to the database', () => {
  test('GET /v2/user and GET /v2/loan of a customer with a loan are one statement each', async () => {
    const me = await customerWithLoan();
    for (const path of ['/v2/user', '/v2/loan']) {
      await poll(path, me.headers); // the agreement key is read once per process
      const statements = await statementsOf(async () => assert.equal((await poll(path, me.headers)).status, 200));
      assert.equal(statements.length, 1, `${path}: ${statements.join('\n---\n')}`);
    }
  });

  test('a poll writes nothing: its one statement only reads, and the session is touched once a minute at most', async () => {
    const me = await customerWithLoan();
    const { etag } = await settledTag('/v2/user', me.headers);
    const reads = await statementsOf(async () => assert.equal((await poll('/v2/user', me.headers, etag)).status, 304));
    assert.equal(reads.length, 1);
    assert.match(reads[0] ?? '', /^select /i);
    assert.doesNotMatch(reads[0] ?? '', /\b(update|insert|delete)\b/i);
    // A session last seen over a minute ago: the same read, then one small update of that session's row.
    await api.database.db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now() - interval '2 minutes'` })
      .where('user_id', '=', me.userId)
      .execute();
    const due = await statementsOf(async () => assert.equal((await poll('/v2/user', me.headers, etag)).status, 304));
    assert.equal(due.length, 2, due.join('\n---\n'));
    assert.match(due[1] ?? '', /^update "sessions" set "last_seen_at" = now\(\) where "id" = \$1$/);
  });

  test('an unchanged poll is one small statement that assembles nothing', async () => {
    const me = await customerWithLoan();
    for (const path of ['/v2/user', '/v2/loan']) {
      const { etag } = await settledTag(path, me.headers);
      const statements = await statementsOf(async () => assert.equal((await poll(path, me.headers, etag)).status, 304));
      assert.equal(statements.length, 1);
      assert.doesNotMatch(statements[0] ?? '', /"loans"|"user_profiles"|"ledger_postings"/);
    }
  });

  test("an unchanged poll reads what the tag is made of, never the kept answer's body", async () => {
    const me = await customerWithLoan();
    for (const path of ['/v2/user', '/v2/loan']) {
      const { etag } = await settledTag(path, me.headers);
      const tagged = await statementsOf(async () => assert.equal((await poll(path, me.headers, etag)).status, 304));
      assert.equal(tagged.length, 1);
      assert.doesNotMatch(tagged[0] ?? '', /"cached"\."body"/);
      // Without a tag the kept answer is what is sent: the same statement reads its body.
      const untagged = await statementsOf(async () => assert.equal((await poll(path, me.headers)).status, 200));
      assert.equal(untagged.length, 1);
      assert.match(untagged[0] ?? '', /"cached"\."body"/);
    }
  });

  test('the statements read no table whose writes do not move a version', async () => {
    const me = await customerWithLoan();
    const statements = await statementsOf(async () => {
      await poll('/v2/user', me.headers);
      await poll('/v2/loan', me.headers);
    });
    const read = new Set(
      statements.flatMap((text) => [...text.matchAll(/(?:from|join)\s+"(\w+)"/gi)].map((m) => m[1])),
    );
    // The evidence room's views read documents, and users with liveness_checks; the session and the versions
    // themselves (and the CTE `live` over the session) are what the tag is made of; a cached answer is joined
    // only at the versions it was assembled at.
    const covered = new Set([
      'live',
      'cached_views',
      ...VERSIONED_TABLES.map((t) => t.table),
      'user_documents',
      'user_liveness',
      'sessions',
      'view_versions',
    ]);
    assert.ok(read.size > 10);
    assert.deepEqual(
      [...read].filter((table) => !covered.has(table as string)),
      [],
    );
  });
});

/** The session's cached answer of a view (migration 0021), or undefined. */
const cachedRow = (token: string, view: 'user' | 'loan') =>
  api.database.db
    .selectFrom('cached_views')
    .innerJoin('sessions', 'sessions.id', 'cached_views.session_id')
    .selectAll('cached_views')
    .where('sessions.token_hash', '=', sha256(token))
    .where('cached_views.view', '=', view)
    .executeTakeFirst();

const touchCached = (token: string, view: 'user' | 'loan', set: Record<string, string>) =>
  api.database.db
    .updateTable('cached_views')
    .set(set)
    .where('view', '=', view)
    .where('session_id', '=', (eb) => eb.selectFrom('sessions').select('id').where('token_hash', '=', sha256(token)))
    .execute();

describe('a full answer is assembled once per change and kept in the database', () => {
  test('a repeated poll is one small statement that assembles nothing, with the same body and tag', async () => {
    const me = await customerWithLoan();
    for (const path of ['/v2/user', '/v2/loan']) {
      const first = await statementsOf(async () => assert.equal((await poll(path, me.headers)).status, 200));
      // Nothing kept yet: the small statement finds no answer, the view's statement assembles it, one more keeps it.
      assert.equal(first.length, 3, first.join('\n---\n'));
      assert.match(first[2] ?? '', /insert into "cached_views"/);
      const assembled = await poll(path, me.headers);
      let again: Awaited<ReturnType<typeof poll>> | undefined;
      const statements = await statementsOf(async () => {
        again = await poll(path, me.headers);
      });
      assert.equal(statements.length, 1);
      assert.doesNotMatch(statements[0] ?? '', /"loans"|"user_profiles"|"ledger_postings"/);
      assert.equal(again?.status, 200);
      assert.equal(again?.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.deepEqual(again?.body, assembled.body);
      assert.equal(again?.headers.get('etag'), assembled.headers.get('etag'));
    }
  });

  test('the kept answer is what is served, only while its versions are current and its instant not passed', async () => {
    const me = await customerWithLoan();
    const { token } = me;
    for (const view of ['user', 'loan'] as const) {
      const path = `/v2/${view}`;
      const real = await poll(path, me.headers);
      assert.ok(await cachedRow(token, view));
      // Marked, the kept text is what the next poll sends, as it is.
      await touchCached(token, view, { body: '{"id":"marked"}' });
      assert.equal((await poll(path, me.headers)).body.id, 'marked');
      // Past its instant (the day turned, a link stepped, a payment lapsed), it is assembled afresh.
      await touchCached(token, view, { changes_at: String(Date.now() - 1) });
      assert.deepEqual((await poll(path, me.headers)).body, real.body);
      // Kept by a process whose answers differ (another API version or configuration): not this one's.
      await touchCached(token, view, { body: '{"id":"marked"}', variant: 'another' });
      assert.deepEqual((await poll(path, me.headers)).body, real.body);
      // Kept at other versions than the customer's current ones: never served.
      await touchCached(token, view, {
        body: '{"id":"marked"}',
        user_version: sql<string>`user_version - 1` as never,
      });
      assert.deepEqual((await poll(path, me.headers)).body, real.body);
    }
  });

  test('every write the customer sees changes the next full answer, without a tag too', async () => {
    const me = await customer();
    const before = await poll('/v2/user', me.headers);
    assert.equal((await poll('/v2/user', me.headers)).body.personal_data, null);
    await completeProfile(me.headers);
    const after = await poll('/v2/user', me.headers);
    assert.equal(after.body.personal_data.first_name, 'Lucía');
    assert.notEqual(after.headers.get('etag'), before.headers.get('etag'));
  });

  test('a stale tag gets the answer another tab of the session has kept since: read, not assembled', async () => {
    for (const path of ['/v2/user', '/v2/loan']) {
      const me = await customer();
      const { etag: stale } = await settledTag(path, me.headers);
      await completeProfile(me.headers);
      // The other tab loads the page (no tag): the answer at the new versions is assembled and kept.
      const kept = await poll(path, me.headers);
      assert.equal(kept.status, 200);
      let answer: Awaited<ReturnType<typeof poll>> | undefined;
      const statements = await statementsOf(async () => {
        answer = await poll(path, me.headers, stale);
      });
      assert.equal(answer?.status, 200);
      assert.deepEqual(answer?.body, kept.body);
      assert.equal(answer?.headers.get('etag'), kept.headers.get('etag'));
      // The tag's statement, then the kept body's: no view statement, nothing written.
      assert.equal(statements.length, 2, statements.join('\n---\n'));
      for (const text of statements) {
        assert.doesNotMatch(text, /"loans"|"user_profiles"|"ledger_postings"|insert into/);
      }
      assert.match(statements[1] ?? '', /"cached"\."body"/);
    }
  });

  test('a stale assembly never overwrites a newer one, and versions only move forward', async () => {
    const me = await customer();
    await poll('/v2/user', me.headers);
    const kept = await cachedRow(me.token, 'user');
    assert.ok(kept);
    const session = { id: String(kept.session_id), userId: String(me.userId), kind: 'customer' as const, actor: null };
    const entry = { session, view: 'user' as const, variant: kept.variant, changesAt: 0 };
    const older = { user: String(Number(kept.user_version) - 1), shared: kept.shared_version };
    await keepAnswer(api.database.db, { ...entry, versions: older, body: '{"id":"older"}' });
    assert.equal((await cachedRow(me.token, 'user'))?.body, kept.body);
    const newer = { user: String(Number(kept.user_version) + 1), shared: kept.shared_version };
    await keepAnswer(api.database.db, { ...entry, versions: newer, body: '{"id":"newer"}' });
    assert.equal((await cachedRow(me.token, 'user'))?.body, '{"id":"newer"}');

    // A transaction that drew its version before another committed can commit after it: its version then
    // lands one past the committed one, never below it.
    const ahead = 10n ** 12n;
    await api.database.db
      .updateTable('view_versions')
      .set({ version: String(ahead) })
      .where('scope', '=', me.userId)
      .execute();
    await completeProfile(me.headers);
    const moved = await api.database.db
      .selectFrom('view_versions')
      .select('version')
      .where('scope', '=', me.userId)
      .executeTakeFirstOrThrow();
    assert.ok(BigInt(moved.version) > ahead);
  });
});

describe('nothing cached leaks between customers or outlives a logout', () => {
  test("each session has its own kept answer: another customer's, or an agent's, is never served", async () => {
    const ana = await customer();
    const luis = await customer();
    await poll('/v2/user', ana.headers);
    assert.equal((await poll('/v2/user', ana.headers)).body.id, String(ana.userId));
    assert.equal((await poll('/v2/user', luis.headers)).body.id, String(luis.userId));
    assert.equal((await poll('/v2/user', luis.headers)).body.id, String(luis.userId));
    // The agent at Ana's side sees Ana, in an agent session; Ana's own answer still names her session.
    const agentToken = await openSession(api.database.db, {
      userId: ana.userId,
      kind: 'agent',
      actor: 'agente@credimo.es',
      address: null,
    });
    const agent = { authorization: `Bearer ${agentToken}` };
    await poll('/v2/user', agent);
    const agents = await poll('/v2/user', agent);
    assert.equal(agents.body.id, String(ana.userId));
    assert.deepEqual(agents.body.session, { kind: 'agent', actor: 'agente@credimo.es' });
    assert.deepEqual((await poll('/v2/user', ana.headers)).body.session, { kind: 'customer', actor: null });
  });

  test('a logout drops the kept answers, and the token is refused before any', async () => {
    const me = await customerWithLoan();
    await poll('/v2/user', me.headers);
    await poll('/v2/loan', me.headers);
    assert.ok(await cachedRow(me.token, 'user'));
    assert.equal((await api.request('POST', '/v2/user/logout', { headers: me.headers, body: {} })).status, 200);
    assert.equal(await cachedRow(me.token, 'user'), undefined);
    assert.equal(await cachedRow(me.token, 'loan'), undefined);
    assert.equal((await poll('/v2/user', me.headers)).status, 401);
    assert.equal((await poll('/v2/loan', me.headers)).status, 401);
  });

  test('the daily clean-up drops the kept answers of sessions that lapsed or went idle, and only theirs', async () => {
    const lapsed = await customer();
    const idle = await customer();
    const live = await customer();
    for (const who of [lapsed, idle, live]) await poll('/v2/user', who.headers);
    const sessionOf = (token: string) =>
      api.database.db.updateTable('sessions').where('token_hash', '=', sha256(token));
    await sessionOf(lapsed.token).set({ expires_at: sql<Date>`now() - interval '1 minute'` }).execute();
    await sessionOf(idle.token).set({ last_seen_at: sql<Date>`now() - interval '15 days'` }).execute();
    assert.ok(await cachedRow(lapsed.token, 'user'));
    assert.ok((await forgetDeadSessions(api.database.db)) >= 2);
    assert.equal(await cachedRow(lapsed.token, 'user'), undefined);
    assert.equal(await cachedRow(idle.token, 'user'), undefined);
    assert.ok(await cachedRow(live.token, 'user'), 'a live session keeps its answer');
  });

  test("two customers' tokens never see each other's data or 304s", async () => {
    const ana = await customer();
    const luis = await customer();
    const anas = await poll('/v2/user', ana.headers);
    const luiss = await poll('/v2/user', luis.headers);
    assert.equal(anas.body.id, String(ana.userId));
    assert.equal(luiss.body.id, String(luis.userId));
    assert.notEqual(anas.headers.get('etag'), luiss.headers.get('etag'));
    // Each presenting the other's tag gets their own full answer, never a 304.
    const crossed = await poll('/v2/user', luis.headers, anas.headers.get('etag'));
    assert.equal(crossed.status, 200);
    assert.equal(crossed.body.id, String(luis.userId));
    const crossedBack = await poll('/v2/user', ana.headers, luiss.headers.get('etag'));
    assert.equal(crossedBack.status, 200);
    assert.equal(crossedBack.body.id, String(ana.userId));
    // Two customers without a loan answer the same body to GET /v2/loan, yet their tags differ.
    const anaLoan = await poll('/v2/loan', ana.headers);
    const luisLoan = await poll('/v2/loan', luis.headers, anaLoan.headers.get('etag'));
    assert.equal(anaLoan.body, null);
    assert.equal(luisLoan.status, 200);
    assert.notEqual(luisLoan.headers.get('etag'), anaLoan.headers.get('etag'));
  });

  test('after logout the token gets 401, even with the ETag it was last given', async () => {
    const me = await customer();
    const user = await poll('/v2/user', me.headers);
    const loan = await poll('/v2/loan', me.headers);
    assert.equal((await api.request('POST', '/v2/user/logout', { headers: me.headers, body: {} })).status, 200);
    const afterUser = await poll('/v2/user', me.headers, user.headers.get('etag'));
    assert.equal(afterUser.status, 401);
    assert.equal(afterUser.headers.get('etag'), null);
    const afterLoan = await poll('/v2/loan', me.headers, loan.headers.get('etag'));
    assert.equal(afterLoan.status, 401);
    assert.equal(afterLoan.headers.get('etag'), null);
  });

  test('a new session of the same customer does not reuse the old tags', async () => {
    const me = await customer();
    const old = await poll('/v2/user', me.headers);
    const token = await openSession(api.database.db, { userId: me.userId, kind: 'customer', address: null });
    const fresh = await poll('/v2/user', { authorization: `Bearer ${token}` }, old.headers.get('etag'));
    assert.equal(fresh.status, 200);
  });

  test('no token, or an unknown one, is a 401 with the error body', async () => {
    const none = await api.request('GET', '/v2/user');
    assert.equal(none.status, 401);
    assert.ok(Array.isArray(none.body.errors));
    const unknown = await poll('/v2/user', { authorization: 'Bearer nope' }, '*');
    assert.equal(unknown.status, 401);
  });
});

describe('GET /v2/user reads its session in the same statement', () => {
  test('an idle session is touched (last_seen_at moves) by the poll itself', async () => {
    const me = await customer();
    await api.database.db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now() - interval '2 days'` })
      .where('user_id', '=', me.userId)
      .execute();
    assert.equal((await poll('/v2/user', me.headers)).status, 200);
    const row = await api.database.db
      .selectFrom('sessions')
      .select(sql<boolean>`last_seen_at > now() - interval '1 minute'`.as('fresh'))
      .where('user_id', '=', me.userId)
      .executeTakeFirstOrThrow();
    assert.equal(row.fresh, true);
  });

  test('a session idle past its limit is refused', async () => {
    const me = await customer();
    await api.database.db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now() - interval '15 days'` })
      .where('user_id', '=', me.userId)
      .execute();
    assert.equal((await poll('/v2/user', me.headers)).status, 401);
  });
});
