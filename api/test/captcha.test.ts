import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { sandboxCaptchaToken } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import { sql } from 'kysely';
import { readConfig } from '../src/config.js';
import { startTestApi, type TestApi } from './harness.js';

let api: TestApi;
let counter = 0;
const from = () => ({ 'x-forwarded-for': `10.77.0.${++counter}` });
const newPhone = () => `6${String(30_000_000 + ++counter * 7919).padStart(8, '0')}`;

before(async () => {
  api = await startTestApi({ env: { TRUST_PROXY: 'true' } });
});
after(async () => {
  await api.close();
});

const refusedOnTokenField = (answer: { status: number; body: { errors: { property: string; message: string }[] } }) => {
  assert.equal(answer.status, 422);
  assert.deepEqual(answer.body.errors, [{ property: 'recaptcha_token', message: messages.captchaFailed }]);
};

describe('POST /v2/user/login carries a recaptcha_token', () => {
  test('a sign-in without a recaptcha token is refused on the token field and no code is sent', async () => {
    const phone = newPhone();
    const answer = await api.request('POST', '/v2/user/login', { body: { mobile_phone: phone }, headers: from() });
    refusedOnTokenField(answer);
    assert.equal(answer.headers.get('x-sms-code'), null);
    const outbox = await api.database.db.selectFrom('sms_outbox').select('id').where('phone', '=', phone).execute();
    assert.equal(outbox.length, 0);
  });

  test('a made-up token is refused on the token field', async () => {
    for (const token of ['', 'sandbox.', 'sandbox.not-hex', 'x'.repeat(40), `${sandboxCaptchaToken()}0`]) {
      refusedOnTokenField(
        await api.request('POST', '/v2/user/login', {
          body: { mobile_phone: newPhone(), recaptcha_token: token },
          headers: from(),
        }),
      );
    }
  });

  test('the token the browser makes in sandbox mode is accepted and the code is sent', async () => {
    const answer = await api.request('POST', '/v2/user/login', {
      body: { mobile_phone: newPhone(), recaptcha_token: sandboxCaptchaToken() },
      headers: from(),
    });
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('x-sms-code') ?? '', /^\d{4}$/);
  });

  test('registration with a phone (POST /v2/user/phone_number) sends a code too, so it asks the same token', async () => {
    refusedOnTokenField(
      await api.request('POST', '/v2/user/phone_number', { body: { mobile_phone: newPhone() }, headers: from() }),
    );
  });

  test('a wrong phone is still the phone field error, as before', async () => {
    const answer = await api.request('POST', '/v2/user/login', { body: { mobile_phone: '123' }, headers: from() });
    assert.equal(answer.status, 422);
    assert.equal(answer.body.errors[0].property, 'mobile_phone');
  });
});

describe('production mode needs a real reCAPTCHA verifier', () => {
  test('refuses to start without RECAPTCHA_SECRET', () => {
    assert.throws(
      () => readConfig({ PROVIDER_MODE: 'production', SMS_PROVIDER_URL: 'http://127.0.0.1:9/send' }),
      /RECAPTCHA_SECRET/,
    );
  });

  test('with a secret, Google siteverify decides: success, the login action and the score', async () => {
    const asked: URLSearchParams[] = [];
    let answer: Record<string, unknown> = {};
    const google: Server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk) => {
        raw += chunk;
      });
      request.on('end', () => {
        asked.push(new URLSearchParams(raw));
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
    const address = google.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const real = await startTestApi({
      env: { RECAPTCHA_SECRET: 'the-secret', RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify` },
    });
    const login = (token: string) =>
      real.request('POST', '/v2/user/login', {
        body: { mobile_phone: newPhone(), recaptcha_token: token },
        headers: from(),
      });
    try {
      answer = { success: true, score: 0.9, action: 'login' };
      assert.equal((await login('google-token')).status, 200);
      assert.equal(asked[0]?.get('secret'), 'the-secret');
      assert.equal(asked[0]?.get('response'), 'google-token');
      // The sandbox's own tokens mean nothing to Google's verifier.
      answer = { success: false };
      refusedOnTokenField(await login(sandboxCaptchaToken()));
      answer = { success: true, score: 0.1, action: 'login' };
      refusedOnTokenField(await login('bot-token'));
      answer = { success: true, score: 0.9, action: 'checkout' };
      refusedOnTokenField(await login('other-action-token'));
    } finally {
      await real.close();
      google.close();
    }
  });
});

describe('the utm_source from the page address is stored on the user', () => {
  /** Moves the phone's codes back in time, as if the customer came back later. */
  const later = (phone: string) =>
    api.database.db
      .updateTable('sms_codes')
      .set({ created_at: sql`created_at - make_interval(secs => 3600)` } as never)
      .where('phone', '=', phone)
      .execute();
  const signIn = async (phone: string, utm?: string) => {
    await later(phone);
    const sent = await api.request('POST', '/v2/user/login', {
      body: { mobile_phone: phone, recaptcha_token: sandboxCaptchaToken(), ...(utm ? { utm_source: utm } : {}) },
      headers: from(),
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const confirmed = await api.request('POST', '/v2/user/login_confirm', {
      body: { mobile_phone: phone, code: sent.headers.get('x-sms-code') },
      headers: from(),
    });
    assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
  };
  const storedSource = async (phone: string) =>
    (
      await api.database.db
        .selectFrom('users')
        .select('utm_source')
        .where('mobile_phone', '=', phone)
        .executeTakeFirstOrThrow()
    ).utm_source;

  test('a customer registering with utm_source=google keeps google as their source', async () => {
    const phone = newPhone();
    await signIn(phone, 'google');
    assert.equal(await storedSource(phone), 'google');
  });

  test('the first source is kept: a later sign-in from another campaign does not rewrite it', async () => {
    const phone = newPhone();
    await signIn(phone, 'facebook');
    await signIn(phone, 'newsletter');
    assert.equal(await storedSource(phone), 'facebook');
  });

  test('a customer who came without a source has none, and gets one on a later sign-in with it', async () => {
    const phone = newPhone();
    await signIn(phone);
    assert.equal(await storedSource(phone), null);
    await signIn(phone, 'google');
    assert.equal(await storedSource(phone), 'google');
  });
});
