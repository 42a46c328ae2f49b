import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addWireDays, LoanStatus, madridClockAt, madridToday } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import { customerRightsStaff } from '@credimo/shared/i18n/screens/customer-rights-staff';
import { defaultSettings } from '../src/customer-rights/index.js';
import { recordCustomerMail, reminderKey } from '../src/mail/index.js';
import { OPERATOR_COMMANDS } from '../src/ops/commands.js';
import { SANDBOX_STAFF } from '../src/staff/index.js';
import { startTestApi, type TestApi } from './harness.js';
import { customerAt, waitForStatus } from './origination-path.js';
import { signedInStaff } from './staff-browser.js';

let api: TestApi;

before(async () => {
  api = await startTestApi({ workers: true, env: { TRUST_PROXY: 'true' } });
});
after(() => api.close());

const db = () => api.database.db;
const texts = customerRightsStaff.console;
const [AGENT, ADMIN] = SANDBOX_STAFF;
const signedIn = (member: (typeof SANDBOX_STAFF)[number]) => signedInStaff(api, member);

async function setting(key: string, value: unknown) {
  const command = OPERATOR_COMMANDS['rights-setting'];
  if (!command) throw new Error('no rights-setting command');
  return command.run([key, JSON.stringify(value)], { db: db(), config: api.config, operator: 'test' });
}

/** Refused by the sandbox scoring for an income below its minimum (the deny-listed DNI is one customer's only). */
async function refusedCustomer() {
  const me = await customerAt(api, 'applied', { income: 10_000 });
  await waitForStatus(api, me.headers, [LoanStatus.Denied]);
  const loan = await db().selectFrom('loans').select('public_id').where('id', '=', me.loanId).executeTakeFirstOrThrow();
  return { ...me, publicId: loan.public_id };
}

const auditOf = (action: string) =>
  db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

const decisionOf = async (headers: Record<string, string>) =>
  (await api.request('GET', '/v2/loan/decision', { headers })).body;

async function waitFor<T>(read: () => Promise<T | undefined>, seconds = 15): Promise<T> {
  for (let i = 0; i < seconds * 5; i++) {
    const found = await read();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('not in time');
}

describe('a refusal is explained by its own recorded reasons and a person reviews it on request', () => {
  test('the refused customer reads the automated decision and its reasons, asks once, and is told the due day', async () => {
    const me = await refusedCustomer();
    const decision = await decisionOf(me.headers);
    assert.equal(decision.outcome, 'deny');
    assert.equal(decision.automated, true);
    // The decision's own recorded factor, not a generic text.
    const recorded = await db()
      .selectFrom('loan_decisions')
      .select('reasons')
      .where('loan_id', '=', me.loanId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(decision.reasons, recorded.reasons);
    assert.equal(decision.reasons[0].code, 'income_too_low');
    assert.equal(decision.review, null);

    const asked = await api.request('POST', '/v2/loan/decision/review', {
      headers: me.headers,
      body: { comment: 'Mi DNI es correcto, revisadlo' },
    });
    assert.equal(asked.status, 200);
    const after = await decisionOf(me.headers);
    assert.equal(after.review.due_on, addWireDays(madridToday(), 15));
    assert.equal(after.review.outcome, null);
    assert.equal(after.review_requested_at, after.review.requested_at);

    const again = await api.request('POST', '/v2/loan/decision/review', { headers: me.headers, body: {} });
    assert.equal(again.status, 409);
    assert.equal(again.body.errors[0].message, messages.reviewAlreadyRequested);
    const rows = await db().selectFrom('decision_reviews').selectAll().where('loan_id', '=', me.loanId).execute();
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.comment, 'Mi DNI es correcto, revisadlo');
  });

  test('a point of view longer than 2000 characters is refused on its field (4xx, never 5xx)', async () => {
    const me = await refusedCustomer();
    const long = await api.request('POST', '/v2/loan/decision/review', {
      headers: me.headers,
      body: { comment: 'x'.repeat(2001) },
    });
    assert.equal(long.status, 422);
    assert.ok(long.body.errors[0].message);
  });

  test('the days to answer are the operators’ setting: 5 days gives a due day 5 Madrid days on', async () => {
    await setting('review_answer_days', 5);
    try {
      const me = await refusedCustomer();
      await api.request('POST', '/v2/loan/decision/review', { headers: me.headers, body: {} });
      assert.equal((await decisionOf(me.headers)).review.due_on, addWireDays(madridToday(), 5));
      assert.equal((await api.request('GET', '/v2/customer-rights')).body.review_answer_days, 5);
    } finally {
      await setting('review_answer_days', 15);
    }
  });

  test('staff see the request in the queue, answer it once, audited; the customer reads it in the account, inbox and email', async () => {
    const me = await refusedCustomer();
    await api.request('POST', '/v2/loan/decision/review', {
      headers: me.headers,
      body: { comment: 'Tengo nómina nueva' },
    });
    const agent = await signedIn(AGENT);
    const queue = await agent.get('/console/queue');
    assert.equal(queue.status, 200);
    assert.match(queue.text, new RegExp(texts.reviewsTitle));
    const row = queue.text.slice(queue.text.indexOf(me.publicId, queue.text.indexOf(texts.reviewsTitle)));
    assert.match(row, /Tus ingresos mensuales declarados son insuficientes\./);
    assert.match(row, /Tengo nómina nueva/);
    assert.match(row, new RegExp(addWireDays(madridToday(), 15)));

    const noReason = await agent.post('/console/actions/review-answer', {
      loan: me.publicId,
      outcome: 'upheld',
      reason: ' ',
    });
    assert.equal(noReason.status, 422);
    assert.match(noReason.text, new RegExp(texts.reasonRequired));
    const noOutcome = await agent.post('/console/actions/review-answer', {
      loan: me.publicId,
      outcome: 'maybe',
      reason: 'x',
    });
    assert.equal(noOutcome.status, 422);

    const reason = `Revisado por una persona: el documento sigue en la lista (${me.publicId})`;
    const done = await agent.post('/console/actions/review-answer', { loan: me.publicId, outcome: 'upheld', reason });
    assert.equal(done.status, 200, done.text);
    const twice = await agent.post('/console/actions/review-answer', {
      loan: me.publicId,
      outcome: 'overturned',
      reason: 'otra',
    });
    assert.equal(twice.status, 409);
    assert.match(twice.text, new RegExp(texts.reviewAnswered));

    const entries = (await auditOf('console review-answer')).filter((e) => e.subject === `loan:${me.loanId}`);
    assert.deepEqual(
      entries.map((e) => [e.actor, (e.detail as { outcome: string }).outcome]),
      [[`staff:${AGENT.username}`, 'done']],
    );
    const refused = (await auditOf('console review-answer')).filter(
      (e) => (e.detail as { loan?: string; outcome: string }).loan === me.publicId && e.subject === null,
    );
    assert.equal(refused.length, 3);

    const answered = (await decisionOf(me.headers)).review;
    assert.equal(answered.outcome, 'upheld');
    assert.equal(answered.answer, reason);
    assert.ok(answered.answered_at);
    assert.doesNotMatch((await agent.get('/console/queue')).text, new RegExp(`${me.publicId}[^]*${texts.uphold}`));

    const inbox = await api.request('GET', '/v2/notifications/inbox', { headers: me.headers });
    assert.ok(inbox.body.some((n: { message: string }) => n.message === customerRightsStaff.notice.upheld));
    const mail = await waitFor(() =>
      db()
        .selectFrom('mail_outbox')
        .selectAll()
        .where('body', 'like', `%${me.publicId}%`)
        .where('subject', '=', customerRightsStaff.mail.subject)
        .executeTakeFirst(),
    );
    assert.match(mail.body, new RegExp(customerRightsStaff.outcome.upheld));
  });

  test('a loan nobody asked to review cannot be answered: 404 with the console’s text', async () => {
    const me = await refusedCustomer();
    const agent = await signedIn(AGENT);
    const answer = await agent.post('/console/actions/review-answer', {
      loan: me.publicId,
      outcome: 'overturned',
      reason: 'x',
    });
    assert.equal(answer.status, 404);
    assert.match(answer.text, new RegExp(texts.reviewNotFound));
  });
});

describe('debt advice and the complaints service are operators’ settings served to the screens', () => {
  test('by default the public debt-advice services and the lender’s complaints service', async () => {
    const answer = await api.request('GET', '/v2/customer-rights');
    assert.equal(answer.status, 200);
    const defaults = defaultSettings(api.config.lender);
    assert.deepEqual(answer.body.debt_advice, defaults.debt_advice);
    assert.equal(answer.body.complaints.email, api.config.lender.email);
  });

  test('an operator changes the list; a value that does not fit is refused and the old one stays', async () => {
    const service = { name: 'Asesoría de prueba', description: 'Gratis', url: 'https://ejemplo.es', phone: null };
    await setting('debt_advice', [service]);
    try {
      assert.deepEqual((await api.request('GET', '/v2/customer-rights')).body.debt_advice, [service]);
      await assert.rejects(
        setting('debt_advice', [{ ...service, url: 'http://inseguro.es' }]),
        /debt_advice is not valid/,
      );
      await assert.rejects(setting('review_answer_days', 0), /review_answer_days is not valid/);
      await assert.rejects(setting('nothing', 1), /unknown setting/);
      assert.deepEqual((await api.request('GET', '/v2/customer-rights')).body.debt_advice, [service]);
    } finally {
      await db().deleteFrom('customer_rights_settings').where('key', '=', 'debt_advice').execute();
    }
  });
});

describe('collection contacts are listed to the customer; staff log calls within the hours and limits', () => {
  const allDay = { from: '00:00', to: '23:59', weekdays: [1, 2, 3, 4, 5, 6, 7], maxPerDay: 1, maxPerWeek: 3 };

  test('a reminder sent and a call logged are listed with date and channel; a second call today is refused, audited', async () => {
    await setting('contact_rules', allDay);
    try {
      const me = await customerAt(api, 'active');
      const userId = String(
        (await db().selectFrom('loans').select('user_id').where('id', '=', me.loanId).executeTakeFirstOrThrow())
          .user_id,
      );
      assert.deepEqual((await api.request('GET', '/v2/loan/contacts', { headers: me.headers })).body, []);
      const day = madridToday();
      await recordCustomerMail(db(), {
        key: reminderKey(me.loanId, 'after', day),
        kind: 'reminder',
        userId,
        loanId: me.loanId,
        detail: { loan: 'CR', reminder: 'after', dueDate: day, owed: 1000 },
      });
      await waitFor(async () =>
        (
          await db()
            .selectFrom('customer_mails')
            .select('status')
            .where('loan_id', '=', me.loanId)
            .where('kind', '=', 'reminder')
            .executeTakeFirst()
        )?.status === 'sent'
          ? true
          : undefined,
      );

      const agent = await signedIn(AGENT);
      const page = await agent.get(`/console/customers/${userId}`);
      assert.match(page.text, /Horario de contacto: de 00:00 a 23:59/);
      assert.match(page.text, /Contactos en los últimos 7 días: 1\./);
      // The reminder already sent today is the day's one contact.
      const refused = await agent.post('/console/actions/log-call', { user: userId, note: 'Llamada' });
      assert.equal(refused.status, 409);
      assert.match(refused.text, new RegExp(texts.day_limit));

      await setting('contact_rules', { ...allDay, maxPerDay: 2 });
      const empty = await agent.post('/console/actions/log-call', { user: userId, note: '' });
      assert.equal(empty.status, 422);
      const logged = await agent.post('/console/actions/log-call', {
        user: userId,
        note: 'Acordamos pagar el viernes',
      });
      assert.equal(logged.status, 200, logged.text);
      const third = await agent.post('/console/actions/log-call', { user: userId, note: 'Otra' });
      assert.equal(third.status, 409);

      const contacts = (await api.request('GET', '/v2/loan/contacts', { headers: me.headers })).body;
      assert.deepEqual(
        contacts.map((c: { channel: string }) => c.channel),
        ['call', 'email'],
      );
      for (const c of contacts) assert.equal(madridToday(new Date(c.at)), day);
      const audit = (await auditOf('console log-call')).filter((e) => (e.detail as { user?: string }).user === userId);
      assert.deepEqual(
        audit.map((e) => (e.detail as { outcome: string }).outcome),
        ['refused', 'refused', 'done', 'refused'],
      );
    } finally {
      await db().deleteFrom('customer_rights_settings').where('key', '=', 'contact_rules').execute();
    }
  });

  test('outside the contact days no call is logged', async () => {
    const today = madridClockAt(new Date()).weekday;
    await setting('contact_rules', { ...allDay, weekdays: [1, 2, 3, 4, 5, 6, 7].filter((d) => d !== today) });
    try {
      const me = await customerAt(api, 'registered');
      const user = await db()
        .selectFrom('users')
        .select('id')
        .where('mobile_phone', '=', me.phone)
        .executeTakeFirstOrThrow();
      const admin = await signedIn(ADMIN);
      const refused = await admin.post('/console/actions/log-call', { user: String(user.id), note: 'Llamada' });
      assert.equal(refused.status, 409);
      assert.match(refused.text, new RegExp(texts.outside_hours));
      assert.deepEqual((await api.request('GET', '/v2/loan/contacts', { headers: me.headers })).body, []);
    } finally {
      await db().deleteFrom('customer_rights_settings').where('key', '=', 'contact_rules').execute();
    }
  });
});
