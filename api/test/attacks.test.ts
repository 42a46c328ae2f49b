import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { type EndpointName, endpoints, SUPPORT_SESSION_ACTS } from '@credimo/shared/contract';
import { phoneProblem, sandboxCaptchaToken } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { LIMIT_GROUPS, type LimitGroup } from '../src/http/rate-limit-groups.js';
import { issueAdminToken, issueAgentCode } from '../src/identity/handoff.js';
import { CODE_RULES } from '../src/identity/rules.js';
import { openSession } from '../src/identity/sessions.js';
import { confirmedUser } from '../src/identity/users.js';
import { smsProviderFor } from '../src/providers/index.js';
import { startTestApi, type TestApi } from './harness.js';

/**
 * What an outside test of the running product found, each attack kept as it was made: it must fail.
 * Each scenario speaks from its own address unless it means to share one.
 */
let api: TestApi;
let counter = 0;
const address = () => `10.34.${Math.floor(++counter / 250)}.${counter % 250}`;
const from = (at = address()) => ({ 'x-forwarded-for': at });
const bearer = (token: string, at = address()) => ({ authorization: `Bearer ${token}`, ...from(at) });
const madeUpToken = () => randomBytes(32).toString('base64url');

function newPhone(): string {
  let phone = '';
  do phone = `63${String(++counter * 7919 + 1_000_000).slice(-7)}`;
  while (phoneProblem(phone) !== null);
  return phone;
}

async function askCode(phone: string, at: string, target: TestApi = api) {
  return target.request('POST', '/v2/user/login', {
    body: { recaptcha_token: sandboxCaptchaToken(), mobile_phone: phone },
    headers: from(at),
  });
}

async function signIn(phone = newPhone()) {
  const at = address();
  const sent = await askCode(phone, at);
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  const confirmed = await api.request('POST', '/v2/user/login_confirm', {
    body: { mobile_phone: phone, code: sent.headers.get('x-sms-code') ?? '' },
    headers: from(at),
  });
  assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
  return { phone, token: confirmed.body.token as string };
}

/** A path of the contract with every parameter filled in. */
const pathOf = (path: string) => path.replace(/:\w+/g, '1');

/** Sends `count` requests (20 at a time) and returns their answers in order. */
async function flood(count: number, send: (i: number) => Promise<{ status: number; headers: Headers }>) {
  const answers: Array<{ status: number; headers: Headers }> = [];
  for (let start = 0; start < count; start += 20) {
    const batch = Array.from({ length: Math.min(20, count - start) }, (_, i) => send(start + i));
    answers.push(...(await Promise.all(batch)));
  }
  return answers;
}

/** The group's allowance is served, the call after it is refused with 429 and when to come back. */
function assertLimitedAt(answers: Array<{ status: number; headers: Headers }>, max: number, what: string) {
  // Sent 20 at a time, so which calls of a batch were counted first is the server's order, not the list's.
  const refusals = answers.filter((answer) => answer.status === 429);
  assert.equal(answers.length - refusals.length, max, `${what}: ${max} calls are served`);
  for (const refused of refusals) {
    const retryAfter = Number(refused.headers.get('retry-after'));
    assert.ok(retryAfter > 0, `${what}: every 429 carries Retry-After`);
  }
}

before(async () => {
  api = await startTestApi({ env: { TRUST_PROXY: 'true' } });
});
after(() => api.close());

describe('a made-up bearer token turns off no limit: a token that opens no session is counted by its address', () => {
  const cases: Array<{
    what: string;
    group: LimitGroup;
    send: (headers: Record<string, string>) => Promise<Response>;
  }> = [
    {
      what: 'POST /v2/user/login',
      group: 'signIn',
      send: (headers) =>
        fetch(`${api.baseUrl}/v2/user/login`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ mobile_phone: '612345678', recaptcha_token: 'not-a-token' }),
        }),
    },
    {
      what: 'POST /v2/user/login_confirm',
      group: 'codes',
      send: (headers) =>
        fetch(`${api.baseUrl}/v2/user/login_confirm`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ mobile_phone: '612345678', code: '1234' }),
        }),
    },
    {
      what: 'POST /v2/check-promocode',
      group: 'promoCodes',
      send: (headers) =>
        fetch(`${api.baseUrl}/v2/check-promocode`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ code: 'GUESS' }),
        }),
    },
    {
      what: 'POST /console/login',
      group: 'signIn',
      send: (headers) =>
        fetch(`${api.baseUrl}/console/login`, {
          method: 'POST',
          redirect: 'manual',
          headers: {
            ...headers,
            'sec-fetch-site': 'same-origin',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: 'username=nadie&password=whatever&code=000000',
        }),
    },
    {
      what: 'GET /v2/products (the standard group)',
      group: 'standard',
      send: (headers) => fetch(`${api.baseUrl}/v2/products`, { headers }),
    },
  ];
  for (const { what, group, send } of cases) {
    test(`${what}: a new made-up token on every call is refused past the ${group} group, with Retry-After`, async () => {
      const at = address();
      const { max } = LIMIT_GROUPS[group];
      const answers = await flood(max + 10, async () => {
        const response = await send({ authorization: `Bearer ${madeUpToken()}`, ...from(at) });
        await response.arrayBuffer();
        return response;
      });
      assertLimitedAt(answers, max, what);
    });
  }

  test('the cap on tokens that open no session answers 429 with Retry-After too', async () => {
    const at = address();
    const answers = await flood(LIMIT_GROUPS.unknownTokens.max + 10, () =>
      api.request('GET', '/v2/user', { headers: bearer(madeUpToken(), at) }),
    );
    assertLimitedAt(answers, LIMIT_GROUPS.unknownTokens.max, 'GET /v2/user with made-up tokens');
  });
});

describe('support sessions cannot take the account', () => {
  async function agentSession() {
    const phone = newPhone();
    const userId = await confirmedUser(api.database.db, phone, { registeredByAgent: true });
    const code = await issueAgentCode(api.database.db, userId, 'laura.agent');
    const opened = await api.request('GET', `/api/agent/customer/${code}`, { headers: from() });
    assert.equal(opened.status, 200);
    return { userId, phone, token: opened.body.token as string };
  }

  async function adminSession() {
    const phone = newPhone();
    const userId = await confirmedUser(api.database.db, phone);
    const apiKey = await issueAdminToken(api.database.db, userId, 'marta.admin');
    const opened = await api.request('POST', '/v2/admin/login_as', {
      body: { api_key: apiKey, admin_username: 'marta.admin' },
      headers: from(),
    });
    assert.equal(opened.status, 200);
    return { userId, phone, token: opened.body.token as string };
  }

  const phoneOf = async (userId: string) =>
    (
      await api.database.db
        .selectFrom('users')
        .select('mobile_phone')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).mobile_phone;

  test("an agent link's session may not change the phone: change_phone and phone_confirmation are 403", async () => {
    const agent = await agentSession();
    const attacker = newPhone();
    const change = await api.request('PUT', '/v2/user/change_phone', {
      body: { mobile_phone: attacker },
      headers: bearer(agent.token),
    });
    assert.equal(change.status, 403);
    assert.equal(change.body.errors[0].message, messages.impersonationForbidden);
    const confirm = await api.request('PUT', '/v2/user/phone_confirmation', {
      body: { code: '1234', current_phone_code: '1234' },
      headers: bearer(agent.token),
    });
    assert.equal(confirm.status, 403);
    const resend = await api.request('POST', '/v2/user/resend_phone_confirmation_code', {
      body: {},
      headers: bearer(agent.token),
    });
    assert.equal(resend.status, 403);
    assert.equal(await phoneOf(agent.userId), agent.phone);
  });

  test('a phone change needs the code sent to the current phone too; a token alone does not move the account', async () => {
    const me = await signIn();
    const attacker = newPhone();
    const sent = await api.request('PUT', '/v2/user/change_phone', {
      body: { mobile_phone: attacker },
      headers: bearer(me.token),
    });
    assert.equal(sent.status, 200);
    const code = sent.headers.get('x-sms-code') ?? '';
    const current = sent.headers.get('x-sms-code-current') ?? '';
    assert.notEqual(current, '');
    // The new phone's code was texted to the new phone, the other one to the current phone.
    const texts = await api.database.db
      .selectFrom('sms_outbox')
      .select(['phone', 'body'])
      .where('phone', 'in', [me.phone, attacker])
      .execute();
    assert.ok(texts.some((t) => t.phone === attacker && t.body.includes(code)));
    assert.ok(texts.some((t) => t.phone === me.phone && t.body.includes(current)));
    const wrong = String((Number(current) + 1) % 10_000).padStart(4, '0');
    const refused = await api.request('PUT', '/v2/user/phone_confirmation', {
      body: { code, current_phone_code: wrong },
      headers: bearer(me.token),
    });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.errors[0].property, 'current_phone_code');
    const users = api.database.db.selectFrom('users').select('mobile_phone');
    assert.equal((await users.where('mobile_phone', '=', me.phone).execute()).length, 1);
    const missing = await api.request('PUT', '/v2/user/phone_confirmation', {
      body: { code },
      headers: bearer(me.token),
    });
    assert.equal(missing.status, 422);
  });

  test('when the phone changes every other session of the account ends; the one that changed it goes on', async () => {
    const me = await signIn();
    // The account signed in elsewhere too (another device, or whoever copied a token).
    const userId = await confirmedUser(api.database.db, me.phone);
    const other = { token: await openSession(api.database.db, { userId, kind: 'customer', address: null }) };
    const target = newPhone();
    const sent = await api.request('PUT', '/v2/user/change_phone', {
      body: { mobile_phone: target },
      headers: bearer(me.token),
    });
    const done = await api.request('PUT', '/v2/user/phone_confirmation', {
      body: { code: sent.headers.get('x-sms-code'), current_phone_code: sent.headers.get('x-sms-code-current') },
      headers: bearer(me.token),
    });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal((await api.request('GET', '/v2/user', { headers: bearer(other.token) })).status, 401);
    const mine = await api.request('GET', '/v2/user', { headers: bearer(me.token) });
    assert.equal(mine.status, 200);
    assert.equal(mine.body.contacts.mobile_phone, target);
  });

  /** Every call of the contract that changes something, with a session needed or allowed. */
  const writes = (Object.keys(endpoints) as EndpointName[]).filter((name) => {
    const endpoint = endpoints[name] as { method: string; access?: string };
    return endpoint.method !== 'GET' && endpoint.access !== 'public';
  });

  test('an admin session changes nothing of the account: personal data, cards and every write not in the table are 403', async () => {
    const admin = await adminSession();
    for (const name of writes) {
      if (SUPPORT_SESSION_ACTS[name]?.includes('admin')) continue;
      const endpoint = endpoints[name] as { method: string; path: string };
      const answer = await api.request(endpoint.method, pathOf(endpoint.path), {
        body: {},
        headers: bearer(admin.token),
      });
      assert.equal(answer.status, 403, `${endpoint.method} ${endpoint.path}`);
      assert.equal(answer.body.errors[0].message, messages.impersonationForbidden);
    }
    // It still sees the account as the customer does.
    assert.equal((await api.request('GET', '/v2/user', { headers: bearer(admin.token) })).status, 200);
    assert.equal((await api.request('GET', '/v2/loans', { headers: bearer(admin.token) })).status, 200);
  });

  test('an agent session may do what the table lists for agents, and nothing else', async () => {
    const agent = await agentSession();
    for (const name of writes) {
      const endpoint = endpoints[name] as { method: string; path: string };
      if (SUPPORT_SESSION_ACTS[name]?.includes('agent')) continue;
      const answer = await api.request(endpoint.method, pathOf(endpoint.path), {
        body: {},
        headers: bearer(agent.token),
      });
      assert.equal(answer.status, 403, `${endpoint.method} ${endpoint.path}`);
    }
    const personal = await api.request('PUT', '/v2/user/personal_data', { body: {}, headers: bearer(agent.token) });
    assert.equal(personal.status, 422, 'an agent fills in the personal data with the customer');
  });
});

describe('the session is checked before the body', () => {
  test('without a token every route that needs a session answers 401, whatever the body', async () => {
    const needingSession = (Object.keys(endpoints) as EndpointName[]).filter(
      (name) => ((endpoints[name] as { access?: string }).access ?? 'session') === 'session',
    );
    assert.ok(needingSession.length > 30);
    for (const name of needingSession) {
      const endpoint = endpoints[name] as { method: string; path: string };
      const answer = await api.request(endpoint.method, pathOf(endpoint.path), {
        ...(endpoint.method === 'GET' ? {} : { body: {} }),
        headers: from(),
      });
      assert.equal(answer.status, 401, `${endpoint.method} ${endpoint.path}: ${JSON.stringify(answer.body)}`);
      assert.deepEqual(answer.body, { errors: [{ message: messages.unauthorized, property: 'request' }] });
    }
    const probe = await api.request('POST', '/v2/loan/payment-request/generate', { body: {}, headers: from() });
    assert.equal(probe.status, 401);
  });
});

describe('each limit group is tested with the route that should carry it', () => {
  const routes: Array<{ group: LimitGroup; method: string; path: string; body?: unknown }> = [
    { group: 'signIn', method: 'POST', path: '/v2/user/login', body: { mobile_phone: '6', recaptcha_token: 'x' } },
    { group: 'signIn', method: 'PUT', path: '/v2/user/change_phone', body: {} },
    { group: 'codes', method: 'POST', path: '/v2/user/login_confirm', body: { mobile_phone: '6', code: '1' } },
    { group: 'codes', method: 'POST', path: '/v2/loan/sign', body: {} },
    { group: 'promoCodes', method: 'POST', path: '/v2/check-promocode', body: { code: 'NOPE' } },
    { group: 'uploads', method: 'POST', path: '/v2/user/document', body: {} },
    { group: 'operatorLinks', method: 'GET', path: '/api/agent/customer/nope' },
    { group: 'operatorLinks', method: 'POST', path: '/v2/admin/login_as', body: {} },
    { group: 'expensive', method: 'GET', path: '/v2/products/999/prices/30/30000/offer/pdf' },
    { group: 'expensive', method: 'GET', path: '/v2/loan/agreements/1' },
  ];
  for (const { group, method, path, body } of routes) {
    test(`${method} ${path} carries the ${group} group (${LIMIT_GROUPS[group].max} a window per address)`, async () => {
      const at = address();
      const { max } = LIMIT_GROUPS[group];
      const answers = await flood(max + 3, () =>
        api.request(method, path, { ...(body === undefined ? {} : { body }), headers: from(at) }),
      );
      assertLimitedAt(answers, max, `${method} ${path}`);
    });
  }

  test("330 PDFs from one address: 30 a minute are rendered, then 429; the SECCI's HTML stays in the standard group", async () => {
    const at = address();
    const { max } = LIMIT_GROUPS.expensive;
    const pdfs = await flood(max + 1, () =>
      api.request('GET', '/v2/products/1/prices/30/30000/offer/pdf', { headers: from(at) }),
    );
    assert.equal(pdfs.filter((answer) => answer.status === 200).length, max);
    assert.equal(pdfs.filter((answer) => answer.status === 429).length, 1);
    const html = await api.request('GET', '/v2/products/1/prices/30/30000/offer/html', { headers: from(at) });
    assert.equal(html.status, 200);
  });
});

describe('the 4-digit code cannot be guessed at a steady rate', () => {
  /** Asks a code for the phone (after the 90 s resend wait, moved back) and spends its five tries wrongly. */
  async function wrongTries(target: TestApi, phone: string, at: string) {
    await target.database.db
      .updateTable('sms_codes')
      .set({ created_at: new Date(Date.now() - 91_000) } as never)
      .where('phone', '=', phone)
      .execute();
    const sent = await askCode(phone, at, target);
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const wrong = String((Number(sent.headers.get('x-sms-code')) + 1) % 10_000).padStart(4, '0');
    for (let i = 0; i < CODE_RULES.maxWrongTries; i++) {
      const answer = await target.request('POST', '/v2/user/login_confirm', {
        body: { mobile_phone: phone, code: wrong },
        headers: from(at),
      });
      assert.equal(answer.status, 422);
    }
  }

  test('a day caps the wrong tries per phone: then no code is sent or checked for a day, and the customer is told', async () => {
    const phone = newPhone();
    const at = address();
    const codesToSpend = CODE_RULES.wrongTriesPerPhonePerDay / CODE_RULES.maxWrongTries;
    for (let i = 0; i < codesToSpend; i++) await wrongTries(api, phone, at);
    // The guesser changes address: the phone is what is locked.
    const elsewhere = address();
    const asked = await askCode(phone, elsewhere);
    assert.equal(asked.status, 429);
    assert.equal(asked.body.errors[0].message, messages.codeTriesLocked);
    const retryAfter = Number(asked.headers.get('retry-after'));
    assert.ok(retryAfter > 23 * 3600 && retryAfter <= 24 * 3600, String(retryAfter));
    const tried = await api.request('POST', '/v2/user/login_confirm', {
      body: { mobile_phone: phone, code: '1234' },
      headers: from(elsewhere),
    });
    assert.equal(tried.status, 429);
    assert.ok(Number(tried.headers.get('retry-after')) > 0);
    const notices = await api.database.db
      .selectFrom('sms_outbox')
      .select('body')
      .where('phone', '=', phone)
      .where('body', 'like', '%demasiados códigos incorrectos%')
      .execute();
    assert.equal(notices.length, 1);
  });

  test('a day caps the wrong tries from one address across phones', async () => {
    // Generous request limits here, so the daily cap is what refuses (the codes group would refuse first).
    const roomy = await startTestApi({ env: { TRUST_PROXY: 'true', RATE_LIMIT_FACTOR: '20' } });
    try {
      const at = address();
      const phones = CODE_RULES.wrongTriesPerAddressPerDay / CODE_RULES.maxWrongTries;
      for (let i = 0; i < phones; i++) await wrongTries(roomy, newPhone(), at);
      // A phone never guessed before: its real code, typed from the guessing address, is not even checked.
      const victim = newPhone();
      const sent = await askCode(victim, address(), roomy);
      const tried = await roomy.request('POST', '/v2/user/login_confirm', {
        body: { mobile_phone: victim, code: sent.headers.get('x-sms-code') },
        headers: from(at),
      });
      assert.equal(tried.status, 429);
      assert.equal(tried.body.errors[0].message, messages.codeTriesLocked);
      assert.ok(Number(tried.headers.get('retry-after')) > 0);
    } finally {
      await roomy.close();
    }
  });
});

describe('no session token or code in the logs', () => {
  test('every log line has access_token, code and the agent link code redacted, and no Authorization header', async () => {
    const lines: string[] = [];
    const config = { ...readConfig({ TRUST_PROXY: 'true', LOG_LEVEL: 'info' }), port: 0 };
    const logged = await buildApp(
      { config, database: api.database, sms: smsProviderFor(config, api.database.db) },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    try {
      const secret = madeUpToken();
      for (const url of [
        `/v2/loan/payment/card?code=${secret}&payment_type=payoff`,
        `/v2/loan/payment/bizum?payment_type=payoff&access_token=${secret}`,
        `/card/tokenize?code=${secret}`,
        `/aggregation/unnax/widget?access_token=${secret}`,
        `/api/agent/customer/${secret}`,
      ]) {
        await logged.inject({ method: 'GET', url, headers: { authorization: `Bearer ${secret}`, ...from() } });
      }
      const text = lines.join('');
      assert.match(text, /payment_type=payoff/, 'the request lines are there');
      assert.doesNotMatch(text, new RegExp(secret));
      assert.match(text, /\[redacted\]/);
    } finally {
      await logged.close();
    }
  });
});

/** The hand-off cookie an answer sets, as the browser sends it back ("name=value"). */
const handoffCookieOf = (headers: Headers) => (headers.get('set-cookie') ?? '').split(';')[0] ?? '';
/** The customer a token's session belongs to. */
const customerOf = async (token: string) =>
  (await api.request('GET', '/v2/user', { headers: bearer(token) })).body.id as string;

describe('login CSRF through the hand-off code: a code works only in the browser that asked for it', () => {
  test("A's code exchanged in B's browser signs B in to nothing and leaves B's session; A's browser still can", async () => {
    const a = await signIn();
    const b = await signIn();
    const bId = await customerOf(b.token);
    assert.ok(bId);
    const issued = await api.request('POST', '/v2/user/handoff', { headers: bearer(a.token) });
    assert.equal(issued.status, 200, JSON.stringify(issued.body));
    const code = issued.body.code as string;
    // B's browser has handed over before: it has a hand-off cookie of its own, and it has B's session.
    const bIssued = await api.request('POST', '/v2/user/handoff', { headers: bearer(b.token) });
    for (const cookie of [handoffCookieOf(bIssued.headers), '']) {
      const refused = await api.request('POST', '/v2/user/handoff/exchange', {
        body: { code, replace: true },
        headers: { ...bearer(b.token), ...(cookie ? { cookie } : {}) },
      });
      assert.equal(refused.status, 403, JSON.stringify(refused.body));
      assert.deepEqual(refused.body, { errors: [{ message: messages.handoffOtherBrowser, property: 'request' }] });
    }
    assert.equal(await customerOf(b.token), bId, "B's session still opens B's account");

    const inA = await api.request('POST', '/v2/user/handoff/exchange', {
      body: { code },
      headers: { cookie: handoffCookieOf(issued.headers), ...from() },
    });
    assert.equal(inA.status, 200, JSON.stringify(inA.body));
    assert.equal(await customerOf(inA.body.token), await customerOf(a.token));
  });

  test("a browser holding another customer's session is asked first: 409 keeps the code, replace goes on", async () => {
    const a = await signIn();
    const other = await signIn();
    const issued = await api.request('POST', '/v2/user/handoff', { headers: bearer(a.token) });
    const cookie = handoffCookieOf(issued.headers);
    const code = issued.body.code as string;
    const asked = await api.request('POST', '/v2/user/handoff/exchange', {
      body: { code },
      headers: { ...bearer(other.token), cookie },
    });
    assert.equal(asked.status, 409, JSON.stringify(asked.body));
    assert.deepEqual(asked.body, { errors: [{ message: messages.handoffOtherSession, property: 'request' }] });
    assert.equal((await api.request('GET', '/v2/user', { headers: bearer(other.token) })).status, 200);
    const replaced = await api.request('POST', '/v2/user/handoff/exchange', {
      body: { code, replace: true },
      headers: { ...bearer(other.token), cookie },
    });
    assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
    assert.equal(await customerOf(replaced.body.token), await customerOf(a.token));

    // The same customer's own session in the app is no conflict.
    const again = await api.request('POST', '/v2/user/handoff', { headers: { ...bearer(a.token), cookie } });
    const same = await api.request('POST', '/v2/user/handoff/exchange', {
      body: { code: again.body.code },
      headers: { ...bearer(replaced.body.token), cookie },
    });
    assert.equal(same.status, 200, JSON.stringify(same.body));
  });
});

describe('smaller findings', () => {
  test('numbers in an address are decimal only: 0x10 and 1e2 are refused, 16 and 100 read', async () => {
    for (const amount of ['0x7530', '3e4', '30000.', ' 30000']) {
      const answer = await api.request('GET', `/v2/products/1/prices/30/${encodeURIComponent(amount)}/offer/html`, {
        headers: from(),
      });
      assert.equal(answer.status, 422, amount);
    }
    const plain = await api.request('GET', '/v2/products/1/prices/30/30000/offer/html', { headers: from() });
    assert.equal(plain.status, 200);
    // A query's numbers alike (a 1 EUR payment request came from amount=1e2).
    for (const page of ['0x2', '1e0']) {
      const answer = await api.request('GET', `/v2/regions?page=${page}`, { headers: from() });
      assert.equal(answer.status, 422, page);
    }
    assert.equal((await api.request('GET', '/v2/regions?page=1', { headers: from() })).status, 200);
  });

  test('the sandbox captcha takes a token once, as a real verifier does', async () => {
    const token = sandboxCaptchaToken();
    const at = address();
    const first = await api.request('POST', '/v2/user/login', {
      body: { recaptcha_token: token, mobile_phone: newPhone() },
      headers: from(at),
    });
    assert.equal(first.status, 200);
    const again = await api.request('POST', '/v2/user/login', {
      body: { recaptcha_token: token, mobile_phone: newPhone() },
      headers: from(at),
    });
    assert.equal(again.status, 422);
    assert.equal(again.body.errors[0].property, 'recaptcha_token');
  });
});
