import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { UserResponse } from '@credimo/shared/contract';
import { LoanStatus } from '@credimo/shared/domain';
import { type JourneyAction, journeyPage, PAGE_OFFERS } from '@credimo/shared/domain/journey';
import { messages } from '@credimo/shared/i18n';
import { toRedirectLoan, toRedirectUser } from '@credimo/shared/session/redirect-state';
import { addMonths } from 'date-fns';
import { openSession } from '../src/identity/sessions.js';
import { startTestApi, type TestApi } from './harness.js';
import { customerAt, postPhoto, TEST_IBAN } from './origination-path.js';

/**
 * The journey model (docs/journey.md): every loan status, with files outstanding or not, a saved
 * card valid, expiring or none, the customer blocked, blacklisted or neither, in a customer's, an agent's or an
 * admin's session. For each, GET /v2/user as the API answers it goes through the shared redirect rules to the page
 * they choose (PAGE_OFFERS says what it offers), and the page's action is made on this API in that state: one must
 * be accepted, or the page is one that says what happens next. Admin sessions are read-only by design: the API
 * refuses them with its own message, which the page shows.
 */

type Card = 'valid' | 'expiring' | 'none';
type Standing = 'clear' | 'blocked' | 'blacklisted';
type SessionKind = 'customer' | 'agent' | 'admin';

const STATUSES = Object.entries(LoanStatus) as Array<[string, number]>;
const CARDS: Card[] = ['valid', 'expiring', 'none'];
const STANDINGS: Standing[] = ['clear', 'blocked', 'blacklisted'];
const SESSIONS: SessionKind[] = ['customer', 'agent', 'admin'];

let api: TestApi;
let userId: string;
let loanId: string;
const headers: Record<SessionKind, Record<string, string>> = { customer: {}, agent: {}, admin: {} };
let attempt = 0;

const db = () => api.database.db;

/** Puts the customer and their loan in the state (straight in the tables: the model visits every state). */
async function enter(status: number, filesOutstanding: boolean, card: Card, standing: Standing) {
  // Applications made by earlier states are closed, so the one loan below is the current one.
  await db()
    .updateTable('loans')
    .set({ status: LoanStatus.Denied })
    .where('user_id', '=', userId)
    .where('id', '<>', loanId)
    .execute();
  await db()
    .updateTable('loans')
    .set({
      status,
      required_files: JSON.stringify(filesOutstanding ? ['selfie_with_id_card', 'id_card'] : []),
      auto_debit_step_completed: false,
      new_conditions_approved: true,
      iban: TEST_IBAN,
    })
    .where('id', '=', loanId)
    .execute();
  await db()
    .updateTable('users')
    .set({ is_blocked: standing === 'blocked', is_blacklisted: standing === 'blacklisted' })
    .where('id', '=', userId)
    .execute();
  await db().deleteFrom('payment_cards').where('user_id', '=', userId).execute();
  if (card !== 'none') {
    const expiry = card === 'valid' ? new Date(2099, 11, 1) : addMonths(new Date(), 1);
    await db()
      .insertInto('payment_cards')
      .values({
        user_id: userId,
        request_id: `model-${++attempt}`,
        status: 'Completed',
        failure: null,
        token: `tok-${attempt}`,
        pan: '411111******1111',
        holder: 'ANA GARCIA',
        expiry_month: expiry.getMonth() + 1,
        expiry_year: expiry.getFullYear(),
        is_default: true,
        return_url: 'http://localhost/',
      })
      .execute();
  }
}

interface Answer {
  status: number;
  body: { errors?: Array<{ message: string }> } & Record<string, unknown>;
}

/** The page's action, as the page makes it, on the API. */
async function act(action: JourneyAction, session: SessionKind, user: UserResponse): Promise<Answer> {
  const as = headers[session];
  const call = (method: string, path: string, body?: unknown) => api.request(method, path, { headers: as, body });
  switch (action) {
    case 'apply':
      return call('POST', '/v2/loan', {
        loan_period: 30,
        loan_sum: 30_000,
        attempt_reference: `model-apply-${++attempt}`,
        method_of_disbursement: 1,
        iban: TEST_IBAN,
      });
    case 'uploadDocument': {
      const overview = await call('GET', '/v2/user/documents');
      if (overview.status >= 400) return overview;
      const type = (overview.body.required as string[])[0] ?? 'id_card';
      return postPhoto(api, as, type);
    }
    case 'giveIban':
      return call('PUT', '/v2/user/issue_method', { method_of_disbursement: 1, iban: TEST_IBAN });
    case 'connectBank':
      return call('GET', `/aggregation/unnax/widget?access_token=${as.authorization?.slice(7)}`);
    case 'approveNewConditions':
      return call('POST', '/v2/loan/approve_new_conditions');
    case 'sign':
      // A code sent for an earlier state would hold the next one back 90 s: each state starts without one.
      await db().deleteFrom('sms_codes').execute();
      return call('POST', '/v2/loan/sign_send');
    case 'autoDebitStep':
      return call('POST', '/v2/loan/steps/autodebit/complete', { autodebit_enabled: false });
    case 'orderPayout': {
      // As the account's loan progress does: a card on file finishes the auto-debit step, then the payout.
      if (user.loan?.status === LoanStatus.ContractSigned && !user.loan.auto_debit_step_completed) {
        const step = await call('POST', '/v2/loan/steps/autodebit/complete', { autodebit_enabled: true });
        if (step.status >= 400) return step;
      }
      return call('POST', '/v2/loan/issuance');
    }
    case 'repay':
      return call('GET', '/v2/loan/partial_repay');
  }
}

const accepted = (answer: Answer) => answer.status >= 200 && answer.status < 300;
const refusedToAdmin = (answer: Answer) =>
  answer.status === 403 && answer.body.errors?.[0]?.message === messages.impersonationForbidden;

before(async () => {
  api = await startTestApi({ workers: true, env: { TRUST_PROXY: 'true', RATE_LIMIT_FACTOR: '1000' } });
  const me = await customerAt(api, 'active');
  loanId = me.loanId;
  headers.customer = me.headers;
  const row = await db().selectFrom('loans').select('user_id').where('id', '=', loanId).executeTakeFirstOrThrow();
  userId = String(row.user_id);
  for (const kind of ['agent', 'admin'] as const) {
    const token = await openSession(db(), { userId, kind, actor: `${kind}-1`, address: null });
    headers[kind] = { ...me.headers, authorization: `Bearer ${token}` };
  }
});
after(async () => {
  await api?.close();
});

describe('the journey model: no customer is ever stranded', () => {
  test('every state leads to a page that offers an action the API accepts, or says what happens next', async () => {
    const stranded: string[] = [];
    const pagesSeen = new Set<string>();
    for (const [name, status] of STATUSES) {
      for (const filesOutstanding of [false, true]) {
        for (const card of CARDS) {
          for (const standing of STANDINGS) {
            await enter(status, filesOutstanding, card, standing);
            const { body: user } = await api.request('GET', '/v2/user', { headers: headers.customer });
            const state = `${name} (${status}), ${filesOutstanding ? 'files outstanding' : 'no files outstanding'}, card ${card}, ${standing}`;
            let page: string;
            try {
              page = journeyPage({
                user: toRedirectUser(user),
                loan: toRedirectLoan(user.loan, user),
                view: user.loan,
                cards: user.payment_cards ?? [],
                processingView: user.payment_procession_on_loan_view === true,
              });
            } catch (error) {
              stranded.push(`${state}: ${(error as Error).message}`);
              continue;
            }
            pagesSeen.add(page);
            const offer = PAGE_OFFERS[page];
            if (!offer) {
              stranded.push(`${state}: ${page} is not in the journey's pages`);
              continue;
            }
            if ('next' in offer) {
              if (offer.next.trim() === '') stranded.push(`${state}: ${page} says nothing of what happens next`);
              continue;
            }
            for (const session of SESSIONS) {
              // Each session sees the state afresh: an accepted action may have moved the loan on.
              await enter(status, filesOutstanding, card, standing);
              const answers: Answer[] = [];
              for (const action of offer.actions) answers.push(await act(action, session, user));
              const ok =
                session === 'admin' ? answers.some((a) => accepted(a) || refusedToAdmin(a)) : answers.some(accepted);
              if (!ok) {
                const why = answers.map((a) => `${a.status} ${a.body.errors?.[0]?.message ?? ''}`).join('; ');
                stranded.push(`${state}, ${session} session: ${page} offers ${offer.actions.join(', ')}: ${why}`);
              }
            }
          }
        }
      }
    }
    assert.deepEqual(stranded, [], `stranded states:\n${stranded.join('\n')}`);
    // The walk reached the journey's pages, not one page for everything.
    for (const page of [
      'blocked',
      'forbidden',
      'registrationPhotoVerification',
      'applicationIssueMethod',
      'applicationSign',
      'applicationAutoDebitConfirmation',
      'account:moneyOnTheWay',
      'account:service',
      'account:presale',
      'account:sold',
      'account:declined',
    ])
      assert.ok(pagesSeen.has(page), `the walk reached ${page} (it reached ${[...pagesSeen].join(', ')})`);
  });

  test("a repeat customer's IBAN step is the selection among their accounts, and its IBAN is accepted", async () => {
    await enter(LoanStatus.AwaitingIssuanceMethod, false, 'none', 'clear');
    // A loan paid back before makes a repeat customer (the open application stays the current loan).
    await db()
      .insertInto('loans')
      .values({
        user_id: userId,
        product_id: 1,
        status: LoanStatus.Returned,
        request_amount: 10_000,
        original_request_amount: 10_000,
        term: 30,
        commission: 1_000,
        original_commission: 1_000,
        return_amount: 11_000,
        tae_tenths: 0,
        is_free: false,
        attempt_reference: `model-repaid-${++attempt}`,
      })
      .execute();
    const { body: user } = await api.request('GET', '/v2/user', { headers: headers.customer });
    const page = journeyPage({
      user: toRedirectUser(user),
      loan: toRedirectLoan(user.loan, user),
      view: user.loan,
      cards: user.payment_cards ?? [],
      processingView: false,
    });
    assert.equal(page, 'registrationSelectAccount');
    assert.deepEqual(PAGE_OFFERS[page], { actions: ['giveIban'] });
    assert.ok(accepted(await act('giveIban', 'customer', user)));
  });
});
