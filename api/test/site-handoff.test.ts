import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { messages } from '@credimo/shared/i18n';
import { sql } from 'kysely';
import { issueAdminToken, issueAgentCode } from '../src/identity/handoff.js';
import { openSession } from '../src/identity/sessions.js';
import { confirmedUser } from '../src/identity/users.js';
import { startTestApi, type TestApi } from './harness.js';

let api: TestApi;
let phoneCounter = 0;
const newPhone = () => `7${String(20_000_000 + ++phoneCounter * 7919).padStart(8, '0')}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The hand-off cookie an answer sets, as the browser sends it back ("name=value"). */
const cookieOf = (headers: Headers) => (headers.get('set-cookie') ?? '').split(';')[0] ?? '';

/** A code asked for by a customer's browser, and that browser's hand-off cookie. */
async function issue(token: string) {
  const issued = await api.request('POST', '/v2/user/handoff', { headers: bearer(token) });
  assert.equal(issued.status, 200, JSON.stringify(issued.body));
  return { code: issued.body.code as string, cookie: cookieOf(issued.headers), headers: issued.headers };
}

async function customerSession(kind: 'customer' | 'agent' = 'customer') {
  const userId = await confirmedUser(api.database.db, newPhone());
  const token = await openSession(api.database.db, {
    userId,
    kind,
    actor: kind === 'agent' ? 'laura' : null,
    address: null,
  });
  return { userId, token };
}

before(async () => {
  api = await startTestApi();
});
after(() => api.close());

describe('a WordPress widget hands its customer to the app with a one-time code', () => {
  test('a signed-in customer gets a code that opens a new session of the same customer, once', async () => {
    const { token } = await customerSession();
    const { code, cookie } = await issue(token);
    assert.match(code, /^[A-Za-z0-9_-]{20,}$/);
    assert.ok(!code.includes(token), 'the code is not the session token');

    const exchanged = await api.request('POST', '/v2/user/handoff/exchange', { body: { code }, headers: { cookie } });
    assert.equal(exchanged.status, 200, JSON.stringify(exchanged.body));
    assert.notEqual(exchanged.body.token, token, 'the app gets a session of its own');
    const before = await api.request('GET', '/v2/user', { headers: bearer(token) });
    const after = await api.request('GET', '/v2/user', { headers: bearer(exchanged.body.token) });
    assert.equal(after.status, 200);
    assert.equal(after.body.id, before.body.id);
    assert.ok(after.body.id);
    assert.deepEqual(after.body.session, { kind: 'customer', actor: null });

    const again = await api.request('POST', '/v2/user/handoff/exchange', { body: { code }, headers: { cookie } });
    assert.equal(again.status, 410);
    assert.deepEqual(again.body, { errors: [{ message: messages.linkInvalid, property: 'request' }] });
  });

  test('a code is good for 60 seconds only', async () => {
    const { token } = await customerSession();
    const { code, cookie } = await issue(token);
    const row = await api.database.db
      .selectFrom('handoff_codes')
      .select(sql<number>`extract(epoch from expires_at - created_at)`.as('seconds'))
      .where('kind', '=', 'site')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    assert.ok(Math.abs(Number(row.seconds) - 60) < 2, `valid ${row.seconds} s`);
    await api.database.db
      .updateTable('handoff_codes')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('kind', '=', 'site')
      .execute();
    const late = await api.request('POST', '/v2/user/handoff/exchange', { body: { code }, headers: { cookie } });
    assert.equal(late.status, 410);
  });

  test('without a session there is no code, and an unknown or malformed code is a 4xx in the error shape', async () => {
    assert.equal((await api.request('POST', '/v2/user/handoff')).status, 401);
    const unknown = await api.request('POST', '/v2/user/handoff/exchange', { body: { code: 'nope' } });
    assert.equal(unknown.status, 410);
    const missing = await api.request('POST', '/v2/user/handoff/exchange', { body: {} });
    assert.equal(missing.status, 422);
    assert.ok(Array.isArray(missing.body.errors));
  });

  test("an agent's or an admin's session is not handed on from a marketing page", async () => {
    const agent = await customerSession('agent');
    assert.equal((await api.request('POST', '/v2/user/handoff', { headers: bearer(agent.token) })).status, 403);
    const userId = await confirmedUser(api.database.db, newPhone());
    const apiKey = await issueAdminToken(api.database.db, userId, 'marta.admin');
    const admin = await api.request('POST', '/v2/admin/login_as', {
      body: { api_key: apiKey, admin_username: 'marta.admin' },
    });
    const refused = await api.request('POST', '/v2/user/handoff', { headers: bearer(admin.body.token) });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.errors[0].message, messages.impersonationForbidden);
  });

  test('an agent link is not a site code, nor the other way round', async () => {
    const userId = await confirmedUser(api.database.db, newPhone());
    const agentCode = await issueAgentCode(api.database.db, userId, 'laura');
    assert.equal((await api.request('POST', '/v2/user/handoff/exchange', { body: { code: agentCode } })).status, 410);
    const { token } = await customerSession();
    const { code } = (await api.request('POST', '/v2/user/handoff', { headers: bearer(token) })).body;
    assert.equal((await api.request('GET', `/api/agent/customer/${code}`)).status, 410);
  });

  test('the code is bound to the asking browser by an HttpOnly, SameSite=Lax cookie for the hand-off routes only', async () => {
    const { token } = await customerSession();
    const first = await issue(token);
    const attributes = (first.headers.get('set-cookie') ?? '').split(';').map((part) => part.trim());
    assert.match(first.cookie, /^credimo_handoff=[A-Za-z0-9_-]{32,}$/);
    for (const attribute of ['Path=/v2/user/handoff', 'HttpOnly', 'SameSite=Lax'])
      assert.ok(attributes.includes(attribute), `${attribute} in ${attributes.join('; ')}`);
    // A second tab of the same browser keeps its secret: both codes work there.
    const second = await api.request('POST', '/v2/user/handoff', {
      headers: { ...bearer(token), cookie: first.cookie },
    });
    assert.equal(cookieOf(second.headers), first.cookie);
    for (const code of [first.code, second.body.code as string]) {
      const exchanged = await api.request('POST', '/v2/user/handoff/exchange', {
        body: { code },
        headers: { cookie: first.cookie },
      });
      assert.equal(exchanged.status, 200, JSON.stringify(exchanged.body));
    }
  });

  test('credentials are allowed to the configured origins only', async () => {
    const allowed = api.config.corsOrigins[0] ?? '';
    const ask = (origin: string) =>
      api.request('OPTIONS', '/v2/user/handoff/exchange', {
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const ours = await ask(allowed);
    assert.equal(ours.headers.get('access-control-allow-origin'), allowed);
    assert.equal(ours.headers.get('access-control-allow-credentials'), 'true');
    const theirs = await ask('https://evil.example');
    assert.equal(theirs.headers.get('access-control-allow-origin'), null);
  });
});
