import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sandboxCaptchaToken } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import { sql } from 'kysely';
import { readConfig } from '../src/config.js';
import { sha256 } from '../src/crypto.js';
import { issueAdminToken, issueAgentCode } from '../src/identity/handoff.js';
import { confirmedUser } from '../src/identity/users.js';
import { startTestApi, type TestApi } from './harness.js';

let api: TestApi;
let addressCounter = 0;
/** Each scenario speaks from its own address, so the per-address limit is tested only where meant. */
const from = (address = `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`) => ({
  'x-forwarded-for': address,
});
let phoneCounter = 0;
const newPhone = () => `6${String(10_000_000 + ++phoneCounter * 7919).padStart(8, '0')}`;

async function askCode(phone: string, headers = from()) {
  return api.request('POST', '/v2/user/login', {
    body: { recaptcha_token: sandboxCaptchaToken(), mobile_phone: phone },
    headers,
  });
}

async function signIn(phone = newPhone()) {
  const sent = await askCode(phone);
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  const code = sent.headers.get('x-sms-code') ?? '';
  const confirmed = await api.request('POST', '/v2/user/login_confirm', {
    body: { mobile_phone: phone, code },
    headers: from(),
  });
  assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
  return { phone, token: confirmed.body.token as string };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, ...from() });
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');
const count = async (table: 'sms_codes' | 'users' | 'sessions' | 'sms_outbox') =>
  Number(
    (
      await api.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

before(async () => {
  api = await startTestApi({ env: { TRUST_PROXY: 'true' } });
});
after(() => api.close());

describe('sign in by phone and SMS code', () => {
  test('a valid phone gets a 4-digit code by SMS, echoed in x-sms-code in sandbox mode', async () => {
    const phone = newPhone();
    const { status, body, headers } = await askCode(phone);
    assert.equal(status, 200);
    assert.deepEqual(body, { resend_in: 90 });
    assert.match(headers.get('x-sms-code') ?? '', /^\d{4}$/);
    const sent = await api.database.db.selectFrom('sms_outbox').selectAll().where('phone', '=', phone).execute();
    assert.equal(sent.length, 1);
    assert.ok(sent[0]?.body.includes(headers.get('x-sms-code') ?? 'none'));
  });

  test('codes are stored hashed, never in plain', async () => {
    const phone = newPhone();
    const code = (await askCode(phone)).headers.get('x-sms-code') ?? '';
    const row = await api.database.db
      .selectFrom('sms_codes')
      .selectAll()
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    assert.notEqual(row.code_hash, code);
    // Peppered and bound to purpose and phone: not even the plain hash of the code.
    assert.notEqual(row.code_hash, sha256(code));
    assert.ok(row.code_hash.length >= 40);
  });

  test('a known and an unknown phone are answered the same way', async () => {
    const known = await signIn();
    await api.database.db
      .updateTable('sms_codes')
      .set({ created_at: sql`now() - interval '2 minutes'` } as never)
      .execute();
    const a = await askCode(known.phone);
    const b = await askCode(newPhone());
    assert.equal(a.status, b.status);
    assert.deepEqual(a.body, b.body);
    const names = (h: Headers) => [...h.keys()].filter((k) => !['date', 'x-sms-code'].includes(k)).sort();
    assert.deepEqual(names(a.headers), names(b.headers));
  });

  for (const [name, phone] of [
    ['empty', ''],
    ['too short', '61234567'],
    ['123456789', '123456789'],
    ['a repeated-digit run', '666666666'],
    ['a landline', '912345678'],
    ['letters', 'abcdefghi'],
  ] as const) {
    test(`an invalid phone (${name}) is refused with the Spanish message and nothing is stored`, async () => {
      const before = await count('sms_codes');
      const { status, body } = await askCode(phone);
      assert.equal(status, 422);
      assert.deepEqual(body.errors, [
        { message: phone ? messages.incorrectPhone : messages.fieldRequired, property: 'mobile_phone' },
      ]);
      assert.equal(await count('sms_codes'), before);
    });
  }

  test('unknown fields, malformed JSON and oversized bodies are 4xx, never 5xx, storing nothing', async () => {
    const before = await count('sms_codes');
    const unknown = await api.request('POST', '/v2/user/login', { body: { mobile_phone: newPhone(), is_admin: true } });
    assert.equal(unknown.status, 422);
    assert.deepEqual(unknown.body.errors, [{ message: messages.unknownField, property: 'is_admin' }]);
    const malformed = await api.request('POST', '/v2/user/login', { body: '{"mobile_phone"' });
    assert.equal(malformed.status, 400);
    const huge = await api.request('POST', '/v2/user/login', { body: { mobile_phone: 'x'.repeat(70_000) } });
    assert.equal(huge.status, 413);
    assert.equal(await count('sms_codes'), before);
  });

  test('the right code gives a token of at least 128 random bits that opens GET /v2/user', async () => {
    const { phone, token } = await signIn();
    assert.ok(Buffer.from(token, 'base64url').length >= 16);
    const { status, body } = await api.request('GET', '/v2/user', { headers: bearer(token) });
    assert.equal(status, 200);
    assert.equal(body.contacts.mobile_phone, phone);
    assert.deepEqual(body.phone_confirmation, { is_phone_confirmed: true });
    assert.deepEqual(body.permissions, { is_blocked: false, authorization_status: 1 });
    assert.equal(body.is_blacklisted, false);
    assert.deepEqual(body.session, { kind: 'customer', actor: null });
    const stored = await api.database.db.selectFrom('sessions').select('token_hash').execute();
    assert.ok(stored.every((s) => s.token_hash !== token));
  });

  test('a code is single use', async () => {
    const phone = newPhone();
    const code = (await askCode(phone)).headers.get('x-sms-code') ?? '';
    const first = await api.request('POST', '/v2/user/login_confirm', { body: { mobile_phone: phone, code } });
    assert.equal(first.status, 200);
    const second = await api.request('POST', '/v2/user/login_confirm', { body: { mobile_phone: phone, code } });
    assert.equal(second.status, 422);
    assert.deepEqual(second.body.errors, [{ message: messages.codeExpired, property: 'code' }]);
  });

  test('wrong code formats are refused with their messages', async () => {
    const phone = newPhone();
    await askCode(phone);
    const letters = await api.request('POST', '/v2/user/login_confirm', {
      body: { mobile_phone: phone, code: '12a4' },
    });
    assert.deepEqual(letters.body.errors, [{ message: messages.onlyNumbers, property: 'code' }]);
    const short = await api.request('POST', '/v2/user/login_confirm', { body: { mobile_phone: phone, code: '123' } });
    assert.deepEqual(short.body.errors, [{ message: '3 caracteres de 4 se ingresan', property: 'code' }]);
  });

  test('after 5 wrong tries the code is dead, even the right one', async () => {
    const phone = newPhone();
    const code = (await askCode(phone)).headers.get('x-sms-code') ?? '';
    for (let i = 1; i <= 5; i++) {
      const { status, body } = await api.request('POST', '/v2/user/login_confirm', {
        body: { mobile_phone: phone, code: wrong(code) },
      });
      assert.equal(status, 422);
      assert.equal(body.errors[0].message, i < 5 ? messages.codeIncorrect : messages.codeAttemptsExhausted);
    }
    const right = await api.request('POST', '/v2/user/login_confirm', { body: { mobile_phone: phone, code } });
    assert.equal(right.status, 422);
    assert.equal(right.body.errors[0].message, messages.codeAttemptsExhausted);
  });

  test('a code is valid 5 minutes', async () => {
    const phone = newPhone();
    const code = (await askCode(phone)).headers.get('x-sms-code') ?? '';
    await api.database.db
      .updateTable('sms_codes')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('phone', '=', phone)
      .execute();
    const late = await api.request('POST', '/v2/user/login_confirm', { body: { mobile_phone: phone, code } });
    assert.equal(late.status, 422);
    assert.equal(late.body.errors[0].message, messages.codeExpired);
  });

  test('a code is bound to its phone: another phone cannot use it', async () => {
    const phone = newPhone();
    const code = (await askCode(phone)).headers.get('x-sms-code') ?? '';
    const { status, body } = await api.request('POST', '/v2/user/login_confirm', {
      body: { mobile_phone: newPhone(), code },
    });
    assert.equal(status, 422);
    assert.equal(body.errors[0].message, messages.codeExpired);
    const own = await api.request('POST', '/v2/user/login_confirm', { body: { mobile_phone: phone, code } });
    assert.equal(own.status, 200);
  });

  test('20 simultaneous confirmations of one right code give exactly one token', async () => {
    const phone = newPhone();
    const code = (await askCode(phone)).headers.get('x-sms-code') ?? '';
    const sessionsBefore = await count('sessions');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.request('POST', '/v2/user/login_confirm', { body: { mobile_phone: phone, code } }),
      ),
    );
    assert.equal(answers.filter((a) => a.status === 200).length, 1);
    assert.ok(answers.every((a) => a.status === 200 || a.status === 422));
    assert.equal(await count('sessions'), sessionsBefore + 1);
  });
});

describe('resending and limits', () => {
  test('a new code no sooner than 90 s, with the wait in the message', async () => {
    const phone = newPhone();
    await askCode(phone);
    const again = await api.request('POST', '/v2/user/resend_phone_confirmation_code', {
      body: { mobile_phone: phone },
      headers: from(),
    });
    assert.equal(again.status, 429);
    assert.match(again.body.errors[0].message, /^Espera (89|90) segundos antes de pedir un código nuevo\.$/);
    await api.database.db
      .updateTable('sms_codes')
      .set({ created_at: sql`now() - interval '91 seconds'` } as never)
      .where('phone', '=', phone)
      .execute();
    const later = await api.request('POST', '/v2/user/resend_phone_confirmation_code', {
      body: { mobile_phone: phone, channel: 'whatsapp' },
      headers: from(),
    });
    assert.equal(later.status, 200);
    const whatsapp = await api.database.db
      .selectFrom('sms_outbox')
      .select('channel')
      .where('phone', '=', phone)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    assert.equal(whatsapp.channel, 'whatsapp');
  });

  test('a new code makes the previous one stop working', async () => {
    const phone = newPhone();
    const first = (await askCode(phone)).headers.get('x-sms-code') ?? '';
    await api.database.db
      .updateTable('sms_codes')
      .set({ created_at: sql`now() - interval '91 seconds'` } as never)
      .where('phone', '=', phone)
      .execute();
    const second = (await askCode(phone)).headers.get('x-sms-code') ?? '';
    const rows = await api.database.db
      .selectFrom('sms_codes')
      .select(sql<boolean>`expires_at <= now()`.as('expired'))
      .where('phone', '=', phone)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      rows.map((r) => r.expired),
      [true, false],
    );
    // Two random codes can coincide (1 in 10,000); only then is the old code's text the new one's.
    if (first !== second) {
      const old = await api.request('POST', '/v2/user/login_confirm', { body: { mobile_phone: phone, code: first } });
      assert.equal(old.status, 422);
    }
    const fresh = await api.request('POST', '/v2/user/login_confirm', { body: { mobile_phone: phone, code: second } });
    assert.equal(fresh.status, 200);
  });

  test('at most 5 codes per phone per hour', async () => {
    const phone = newPhone();
    for (let i = 0; i < 5; i++) {
      assert.equal((await askCode(phone)).status, 200);
      await api.database.db
        .updateTable('sms_codes')
        .set({ created_at: sql`created_at - interval '91 seconds'` } as never)
        .where('phone', '=', phone)
        .execute();
    }
    const sixth = await askCode(phone);
    assert.equal(sixth.status, 429);
    assert.equal(sixth.body.errors[0].message, messages.tooManyCodes);
  });

  test('a limit per address', async () => {
    const address = from('192.0.2.77');
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await askCode(newPhone(), address)).status;
    assert.equal(last, 429);
  });
});

describe('sessions', () => {
  test('a token used after logout is refused with 401', async () => {
    const { token } = await signIn();
    assert.equal((await api.request('POST', '/v2/user/logout', { headers: bearer(token) })).status, 200);
    const after = await api.request('GET', '/v2/user', { headers: bearer(token) });
    assert.equal(after.status, 401);
    assert.deepEqual(after.body.errors, [{ message: messages.unauthorized, property: 'request' }]);
  });

  test('no token, a made-up token, an expired or an idle session: 401', async () => {
    assert.equal((await api.request('GET', '/v2/user')).status, 401);
    assert.equal((await api.request('GET', '/v2/user', { headers: bearer('made-up') })).status, 401);
    const expired = await signIn();
    await api.database.db
      .updateTable('sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where(
        'user_id',
        '=',
        (
          await api.database.db
            .selectFrom('users')
            .select('id')
            .where('mobile_phone', '=', expired.phone)
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    assert.equal((await api.request('GET', '/v2/user', { headers: bearer(expired.token) })).status, 401);
    const idle = await signIn();
    const idleUser = await api.database.db
      .selectFrom('users')
      .select('id')
      .where('mobile_phone', '=', idle.phone)
      .executeTakeFirstOrThrow();
    await api.database.db
      .updateTable('sessions')
      .set({ last_seen_at: sql<Date>`now() - interval '15 days'` })
      .where('user_id', '=', idleUser.id)
      .execute();
    assert.equal((await api.request('GET', '/v2/user', { headers: bearer(idle.token) })).status, 401);
  });

  test('the ApiKey header carries the token too, as a generated client sends it', async () => {
    const { token } = await signIn();
    assert.equal((await api.request('GET', '/v2/user', { headers: { apikey: token } })).status, 200);
  });
});

describe('changing the phone', () => {
  test('a code to the new phone and one to the current phone, both confirmed, change it', async () => {
    const { token } = await signIn();
    const target = newPhone();
    const sent = await api.request('PUT', '/v2/user/change_phone', {
      body: { mobile_phone: target },
      headers: bearer(token),
    });
    assert.equal(sent.status, 200);
    const code = sent.headers.get('x-sms-code') ?? '';
    const current = sent.headers.get('x-sms-code-current') ?? '';
    const done = await api.request('PUT', '/v2/user/phone_confirmation', {
      body: { code, current_phone_code: current },
      headers: bearer(token),
    });
    assert.equal(done.status, 200);
    const user = await api.request('GET', '/v2/user', { headers: bearer(token) });
    assert.equal(user.body.contacts.mobile_phone, target);
  });

  test('the same phone, or one of another customer, is refused with 422', async () => {
    const me = await signIn();
    const other = await signIn();
    const same = await api.request('PUT', '/v2/user/change_phone', {
      body: { mobile_phone: me.phone },
      headers: bearer(me.token),
    });
    assert.equal(same.status, 422);
    assert.equal(same.body.errors[0].message, messages.fieldPhoneNumberEqualRegistration);
    const taken = await api.request('PUT', '/v2/user/change_phone', {
      body: { mobile_phone: other.phone },
      headers: bearer(me.token),
    });
    assert.equal(taken.status, 422);
    assert.equal(taken.body.errors[0].message, messages.phoneInUse);
  });

  test('a sign-in code cannot confirm a phone change (codes are bound to their purpose)', async () => {
    const { phone, token } = await signIn();
    await api.database.db
      .updateTable('sms_codes')
      .set({ created_at: sql`now() - interval '91 seconds'` } as never)
      .where('phone', '=', phone)
      .execute();
    const loginCode = (await askCode(phone)).headers.get('x-sms-code') ?? '';
    const { status } = await api.request('PUT', '/v2/user/phone_confirmation', {
      body: { code: loginCode, current_phone_code: loginCode },
      headers: bearer(token),
    });
    assert.equal(status, 422);
  });
});

describe('agent and admin links', () => {
  test('an agent link opens the customer session once, tied to the agent, and fails the second time', async () => {
    const phone = newPhone();
    const userId = await confirmedUser(api.database.db, phone);
    const code = await issueAgentCode(api.database.db, userId, 'laura.agent');
    const first = await api.request('GET', `/api/agent/customer/${code}`, { headers: from() });
    assert.equal(first.status, 200);
    assert.equal(first.body.agent.name, 'laura.agent');
    const user = await api.request('GET', '/v2/user', { headers: bearer(first.body.token) });
    assert.deepEqual(user.body.session, { kind: 'agent', actor: 'laura.agent' });
    const data = await api.request('GET', '/v2/user/agent_data', { headers: bearer(first.body.token) });
    assert.equal(data.body.agent_name, 'laura.agent');
    const second = await api.request('GET', `/api/agent/customer/${code}`, { headers: from() });
    assert.equal(second.status, 410);
    assert.equal(second.body.errors[0].message, messages.linkInvalid);
  });

  test('an agent link is short-lived', async () => {
    const userId = await confirmedUser(api.database.db, newPhone());
    const code = await issueAgentCode(api.database.db, userId, 'agent');
    await api.database.db
      .updateTable('handoff_codes')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .execute();
    assert.equal((await api.request('GET', `/api/agent/customer/${code}`)).status, 410);
  });

  test('an admin link opens an impersonation session once, audited, that cannot change the phone', async () => {
    const phone = newPhone();
    const userId = await confirmedUser(api.database.db, phone);
    const apiKey = await issueAdminToken(api.database.db, userId, 'marta.admin');
    const wrongAdmin = await api.request('POST', '/v2/admin/login_as', {
      body: { api_key: apiKey, admin_username: 'someone' },
    });
    assert.equal(wrongAdmin.status, 410);
    const first = await api.request('POST', '/v2/admin/login_as', {
      body: { api_key: apiKey, admin_username: 'marta.admin' },
      headers: from('198.51.100.7'),
    });
    assert.equal(first.status, 200);
    const token = first.body.token as string;
    const user = await api.request('GET', '/v2/user', {
      headers: { authorization: `Bearer ${token}`, ...from('198.51.100.7') },
    });
    assert.deepEqual(user.body.session, { kind: 'admin', actor: 'marta.admin' });
    const change = await api.request('PUT', '/v2/user/change_phone', {
      body: { mobile_phone: newPhone() },
      headers: bearer(token),
    });
    assert.equal(change.status, 403);
    assert.equal(change.body.errors[0].message, messages.impersonationForbidden);
    const second = await api.request('POST', '/v2/admin/login_as', {
      body: { api_key: apiKey, admin_username: 'marta.admin' },
    });
    assert.equal(second.status, 410);
    const audit = await api.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject', '=', `user:${userId}`)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      audit.map((a) => [a.actor, a.action]),
      [
        ['admin:marta.admin', 'impersonation_started'],
        ['admin:marta.admin', 'GET /v2/user'],
        ['admin:marta.admin', 'PUT /v2/user/change_phone'],
      ],
    );
    assert.equal(audit[1]?.address, '198.51.100.7');
  });

  test('a tampered admin link is refused', async () => {
    const userId = await confirmedUser(api.database.db, newPhone());
    const apiKey = await issueAdminToken(api.database.db, userId, 'marta.admin');
    const [payload] = apiKey.split('.');
    const forged = `${payload}.${'A'.repeat(43)}`;
    assert.equal(
      (await api.request('POST', '/v2/admin/login_as', { body: { api_key: forged, admin_username: 'marta.admin' } }))
        .status,
      410,
    );
  });
});

describe('sandbox and production SMS', () => {
  test('outside sandbox mode the code never travels in a header', async () => {
    const gateway = await import('node:http').then(({ createServer }) => {
      const server = createServer((_req, res) => {
        res.writeHead(202).end();
      });
      return new Promise<import('node:http').Server>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
    });
    const address = gateway.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const real = await startTestApi({
      env: { SMS_PROVIDER_URL: `http://127.0.0.1:${port}/send`, SMS_PROVIDER_TOKEN: 't' },
    });
    try {
      const sent = await real.request('POST', '/v2/user/login', {
        body: { recaptcha_token: sandboxCaptchaToken(), mobile_phone: '612000001' },
      });
      assert.equal(sent.status, 200);
      assert.equal(sent.headers.get('x-sms-code'), null);
    } finally {
      await real.close();
      gateway.close();
    }
  });

  test('production mode refuses to start without an SMS provider', () => {
    assert.throws(() => readConfig({ PROVIDER_MODE: 'production' }), /needs an SMS provider/);
  });
});
