import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LoanStatus, sandboxCaptchaToken } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import { sql } from 'kysely';
import { issueAdminToken, issueAgentCode } from '../src/identity/handoff.js';
import { confirmedUser } from '../src/identity/users.js';
import { startTestApi, type TestApi } from './harness.js';

let api: TestApi;
let counter = 0;
const from = () => ({ 'x-forwarded-for': `10.9.${Math.floor(++counter / 250)}.${counter % 250}` });
const newPhone = () => `6${String(20_000_000 + ++counter * 7919).padStart(8, '0')}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}`, ...from() });

before(async () => {
  api = await startTestApi({ env: { TRUST_PROXY: 'true' } });
});
after(() => api.close());

/** Moves every code of a phone back in time, as if the customer had waited. */
const wait = (phone: string, seconds: number) =>
  api.database.db
    .updateTable('sms_codes')
    .set({ created_at: sql`created_at - make_interval(secs => ${seconds})` } as never)
    .where('phone', '=', phone)
    .execute();

const resend = (phone: string, channel: 'sms' | 'whatsapp') =>
  api.request('POST', '/v2/user/resend_phone_confirmation_code', {
    body: { mobile_phone: phone, channel },
    headers: from(),
  });

async function completeProfile(headers: Record<string, string>) {
  const number = 30000000 + ++counter;
  const saved = await api.request('PUT', '/v2/user/personal_data_and_address', {
    headers,
    body: {
      first_name: 'Lucía',
      first_surname: 'Martín',
      personal_id: `${number}${'TRWAGMYFPDXBNJZSQVHLCKE'[number % 23]}`,
      expiry_date: '2031-01-01',
      nationality: 'ES',
      birthday: '1985-03-03',
      gender: 'female',
      registration_address: { postal_code: '41001', region: 'Sevilla', city: 'Sevilla', street: 'Calle Sierpes' },
      is_actual_address: true,
    },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
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
  assert.equal(more.status, 200, JSON.stringify(more.body));
}

async function agentSession(choice?: { amount: number; term: number }) {
  const phone = newPhone();
  const userId = await confirmedUser(api.database.db, phone, { registeredByAgent: true });
  const code = await issueAgentCode(api.database.db, userId, 'laura.agent', choice);
  const opened = await api.request('GET', `/api/agent/customer/${code}`, { headers: from() });
  assert.equal(opened.status, 200);
  return { userId, phone, headers: bearer(opened.body.token) };
}

describe('an agent session assists the customer; support sessions are held to SUPPORT_SESSION_ACTS', () => {
  test('an agent-registered customer can apply for a loan in an agent session, but not change the phone', async () => {
    const me = await agentSession();
    await completeProfile(me.headers);
    const applied = await api.request('POST', '/v2/loan', {
      headers: me.headers,
      body: { loan_period: 30, loan_sum: 30000, attempt_reference: `agent-${counter}-abcdef` },
    });
    assert.equal(applied.status, 201, JSON.stringify(applied.body));
    assert.equal(applied.body.status, LoanStatus.Request);
    const change = await api.request('PUT', '/v2/user/change_phone', {
      headers: me.headers,
      body: { mobile_phone: newPhone() },
    });
    // No change-number option in an agent session; whoever holds its token cannot take the account.
    assert.equal(change.status, 403, JSON.stringify(change.body));
    assert.equal(change.body.errors[0].message, messages.impersonationForbidden);
  });

  test('an admin impersonation session can neither apply nor change the phone', async () => {
    const phone = newPhone();
    const userId = await confirmedUser(api.database.db, phone);
    const apiKey = await issueAdminToken(api.database.db, userId, 'marta.admin');
    const login = await api.request('POST', '/v2/admin/login_as', {
      body: { api_key: apiKey, admin_username: 'marta.admin' },
    });
    const headers = bearer(login.body.token);
    const applied = await api.request('POST', '/v2/loan', {
      headers,
      body: { loan_period: 30, loan_sum: 30000, attempt_reference: `admin-${counter}-abcdef` },
    });
    assert.equal(applied.status, 403);
    const change = await api.request('PUT', '/v2/user/change_phone', { headers, body: { mobile_phone: newPhone() } });
    assert.equal(change.status, 403);
    assert.equal(change.body.errors[0].message, messages.impersonationForbidden);
  });
});

describe('consents taken on the sign-in screen are recorded with text version, time and address', () => {
  test('after login_confirm, PUT /v2/user/confirmations records privacy, terms and marketing as given', async () => {
    const phone = newPhone();
    const sent = await api.request('POST', '/v2/user/login', {
      body: { recaptcha_token: sandboxCaptchaToken(), mobile_phone: phone, agree_marketing: true },
      headers: from(),
    });
    const confirmed = await api.request('POST', '/v2/user/login_confirm', {
      body: { mobile_phone: phone, code: sent.headers.get('x-sms-code') },
    });
    const headers = { authorization: `Bearer ${confirmed.body.token}`, 'x-forwarded-for': '203.0.113.9' };
    const recorded = await api.request('PUT', '/v2/user/confirmations', {
      headers,
      body: { all_confirmations: true, receiveInformation: true },
    });
    assert.equal(recorded.status, 200, JSON.stringify(recorded.body));
    const rows = await api.database.db
      .selectFrom('consents')
      .innerJoin('users', 'users.id', 'consents.user_id')
      .select(['kind', 'accepted', 'text_version', 'address', 'at'])
      .where('users.mobile_phone', '=', phone)
      .orderBy('kind')
      .execute();
    assert.deepEqual(
      rows.map((r) => [r.kind, r.accepted, r.address]),
      [
        ['agreementTerms', true, '203.0.113.9'],
        ['privacyProtectionPolicy', true, '203.0.113.9'],
        ['receiveInformation', true, '203.0.113.9'],
      ],
    );
    for (const row of rows) {
      assert.ok(row.text_version.length > 0);
      assert.ok(Date.now() - new Date(row.at).getTime() < 60_000);
    }
  });
});

describe('marketing consent ticked at sign-in survives a resend', () => {
  test('a customer who agreed to marketing, asked for a new code and confirmed it has agreed to marketing', async () => {
    const phone = newPhone();
    await api.request('POST', '/v2/user/login', {
      body: { recaptcha_token: sandboxCaptchaToken(), mobile_phone: phone, agree_marketing: true },
      headers: from(),
    });
    await wait(phone, 91);
    const again = await resend(phone, 'sms');
    assert.equal(again.status, 200);
    const confirmed = await api.request('POST', '/v2/user/login_confirm', {
      body: { mobile_phone: phone, code: again.headers.get('x-sms-code') },
    });
    assert.equal(confirmed.status, 200);
    const user = await api.database.db
      .selectFrom('users')
      .select(['agree_marketing', 'marketing_consent_at'])
      .where('mobile_phone', '=', phone)
      .executeTakeFirstOrThrow();
    assert.equal(user.agree_marketing, true);
    assert.ok(user.marketing_consent_at);
  });
});

describe('a WhatsApp code may be asked for 30 s after the last code; an SMS resend waits 90 s', () => {
  test('one WhatsApp code from 30 s after the last code; SMS still waits 90 s', async () => {
    const phone = newPhone();
    await api.request('POST', '/v2/user/login', {
      body: { recaptcha_token: sandboxCaptchaToken(), mobile_phone: phone },
      headers: from(),
    });
    await wait(phone, 10);
    assert.equal((await resend(phone, 'whatsapp')).status, 429, 'not before 30 s');
    await wait(phone, 21);
    const sms = await resend(phone, 'sms');
    assert.equal(sms.status, 429, 'an SMS still waits for 90 s');
    assert.match(sms.body.errors[0].message, /^Espera (58|59) segundos/);
    const whatsapp = await resend(phone, 'whatsapp');
    assert.equal(whatsapp.status, 200);
    const outbox = await api.database.db
      .selectFrom('sms_outbox')
      .select('channel')
      .where('phone', '=', phone)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    assert.equal(outbox.channel, 'whatsapp');
    await wait(phone, 31);
    assert.equal((await resend(phone, 'whatsapp')).status, 429, 'one WhatsApp send, not one every 30 s');
    await wait(phone, 30);
    assert.equal((await resend(phone, 'sms')).status, 200, '90 s after the last SMS');
  });

  test('WhatsApp sends count in the 5 codes per phone per hour', async () => {
    const phone = newPhone();
    for (let i = 0; i < 5; i++) {
      const channel = i % 2 ? 'whatsapp' : 'sms';
      const sent =
        i === 0
          ? await api.request('POST', '/v2/user/login', {
              body: { recaptcha_token: sandboxCaptchaToken(), mobile_phone: phone },
              headers: from(),
            })
          : await resend(phone, channel);
      assert.equal(sent.status, 200, `code ${i + 1}`);
      await wait(phone, 91);
    }
    const sixth = await resend(phone, 'whatsapp');
    assert.equal(sixth.status, 429);
    assert.equal(sixth.body.errors[0].message, messages.tooManyCodes);
  });
});

describe('an agent-registered customer gets the calculator defaults from the agent data', () => {
  test('GET /v2/user/agent_data answers the amount and term the agent link carried', async () => {
    const me = await agentSession({ amount: 40000, term: 20 });
    const data = await api.request('GET', '/v2/user/agent_data', { headers: me.headers });
    assert.deepEqual(data.body, { agent_name: 'laura.agent', amount: 40000, term: 20 });
  });

  test('without them it answers null amount and term', async () => {
    const me = await agentSession();
    const data = await api.request('GET', '/v2/user/agent_data', { headers: me.headers });
    assert.deepEqual(data.body, { agent_name: 'laura.agent', amount: null, term: null });
  });
});

describe('a login may carry an agent_session_id: a valid one opens an agent session', () => {
  test('a customer signed in by an agent (a valid agent session id) is registered by the agent, in an agent session', async () => {
    const opener = await confirmedUser(api.database.db, newPhone());
    const sessionId = await issueAgentCode(api.database.db, opener, 'laura.agent');
    assert.equal((await api.request('GET', `/api/agent/customer/${sessionId}`, { headers: from() })).status, 200);
    const phone = newPhone();
    const sent = await api.request('POST', '/v2/user/login', {
      body: { recaptcha_token: sandboxCaptchaToken(), mobile_phone: phone, agent_session_id: sessionId },
      headers: from(),
    });
    const confirmed = await api.request('POST', '/v2/user/login_confirm', {
      body: { mobile_phone: phone, code: sent.headers.get('x-sms-code') },
    });
    const user = await api.request('GET', '/v2/user', { headers: bearer(confirmed.body.token) });
    assert.equal(user.body.is_registered_by_agent, true);
    assert.deepEqual(user.body.session, { kind: 'agent', actor: 'laura.agent' });
  });

  test('a made-up agent session id changes nothing', async () => {
    const phone = newPhone();
    const sent = await api.request('POST', '/v2/user/login', {
      body: { recaptcha_token: sandboxCaptchaToken(), mobile_phone: phone, agent_session_id: 'made-up-session' },
      headers: from(),
    });
    const confirmed = await api.request('POST', '/v2/user/login_confirm', {
      body: { mobile_phone: phone, code: sent.headers.get('x-sms-code') },
    });
    const user = await api.request('GET', '/v2/user', { headers: bearer(confirmed.body.token) });
    assert.equal(user.body.is_registered_by_agent, false);
    assert.equal(user.body.session.kind, 'customer');
  });
});
