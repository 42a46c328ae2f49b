import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { messages } from '@credimo/shared/i18n';
import Type from 'typebox';
import { BODY_LIMIT_BYTES } from '../src/app.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { startTestApi, type TestApi } from './harness.js';

const expectedKind = process.env.DATABASE_URL ? 'postgresql' : 'pglite';

describe('the platform API', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({
      env: { CORS_ORIGINS: 'https://credimo.es' },
      // A probe route with a contract-style schema, to exercise the shared validation and error pipeline.
      configure: (app) =>
        app.post(
          '/__probe',
          {
            schema: {
              body: Type.Object(
                {
                  mobile_phone: Type.String({ pattern: '^\\d{9}$', 'x-message': 'incorrectPhone' }),
                  email: Type.Optional(Type.String({ format: 'email' })),
                },
                { additionalProperties: false },
              ),
            },
          },
          async () => ({ ok: true }),
        ),
    });
  });
  after(() => api.close());

  test('GET /health answers ok with the database it runs on', async () => {
    const { status, body } = await api.request('GET', '/health');
    assert.equal(status, 200);
    assert.deepEqual(body, { status: 'ok', database: expectedKind, version: '0.1.0' });
  });

  test('OpenAPI is generated from the contract at /v2/openapi.json', async () => {
    const { status, body } = await api.request('GET', '/v2/openapi.json');
    assert.equal(status, 200);
    assert.equal(body.openapi, '3.0.3');
    assert.ok(body.paths['/health'].get, 'the health call is documented');
  });

  test('an unknown path answers 404 with the error body', async () => {
    const { status, body } = await api.request('GET', '/v2/nothing');
    assert.equal(status, 404);
    assert.deepEqual(body, { errors: [{ message: messages.routeNotFound, property: 'request' }] });
  });

  test('a NUL character in any JSON string answers 400 before it reaches the database', async () => {
    const { status, body } = await api.request('POST', '/__probe', { body: '{"mobile_phone":"61234\\u00005678"}' });
    assert.equal(status, 400);
    assert.deepEqual(body, { errors: [{ message: messages.malformedRequest, property: 'request' }] });
  });

  test('malformed JSON answers 400 in Spanish, never 5xx', async () => {
    const { status, body } = await api.request('POST', '/__probe', { body: '{"mobile_phone":' });
    assert.equal(status, 400);
    assert.deepEqual(body, { errors: [{ message: messages.malformedRequest, property: 'request' }] });
  });

  test('a body sent compressed answers 415 in Spanish: requests are read as they are sent, never inflated', async () => {
    const { status, body } = await api.request('POST', '/__probe', {
      body: '{"mobile_phone":"612345678"}',
      headers: { 'content-encoding': 'gzip' },
    });
    assert.equal(status, 415);
    assert.deepEqual(body, { errors: [{ message: messages.malformedRequest, property: 'request' }] });
  });

  test('an oversized body answers 413', async () => {
    const { status, body } = await api.request('POST', '/__probe', {
      body: { mobile_phone: '6'.repeat(BODY_LIMIT_BYTES + 10) },
    });
    assert.equal(status, 413);
    assert.equal(body.errors[0].message, messages.requestTooLarge);
  });

  test('a field breaking its rule answers 422 with the catalogue message on that field', async () => {
    const { status, body } = await api.request('POST', '/__probe', { body: { mobile_phone: '12' } });
    assert.equal(status, 422);
    assert.deepEqual(body, { errors: [{ message: messages.incorrectPhone, property: 'mobile_phone' }] });
  });

  test('a missing field and a bad email each get their own message', async () => {
    const { status, body } = await api.request('POST', '/__probe', { body: { email: 'nope' } });
    assert.equal(status, 422);
    assert.deepEqual(body.errors, [
      { message: messages.fieldRequired, property: 'mobile_phone' },
      { message: messages.incorrectEmail, property: 'email' },
    ]);
  });

  test('unknown fields are rejected, not silently dropped', async () => {
    const { status, body } = await api.request('POST', '/__probe', {
      body: { mobile_phone: '612345678', status: 'Active' },
    });
    assert.equal(status, 422);
    assert.deepEqual(body.errors, [{ message: messages.unknownField, property: 'status' }]);
  });

  test('a number where text is expected is refused, not coerced', async () => {
    const { status } = await api.request('POST', '/__probe', { body: { mobile_phone: 612345678 } });
    assert.equal(status, 422);
  });

  test('CORS answers the configured origins only', async () => {
    const allowed = await api.request('GET', '/health', { headers: { origin: 'https://credimo.es' } });
    assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://credimo.es');
    const other = await api.request('GET', '/health', { headers: { origin: 'https://evil.example' } });
    assert.equal(other.headers.get('access-control-allow-origin'), null);
  });

  test('a browser may PUT from an allowed origin (preflight)', async () => {
    const response = await fetch(`${api.baseUrl}/v2/user/personal_data`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://credimo.es',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    assert.equal(response.status, 204);
    assert.match(response.headers.get('access-control-allow-methods') ?? '', /PUT/);
  });

  test('migrations run on start and a second run changes nothing', async () => {
    assert.deepEqual(await migrateToLatest(api.database.db), []);
  });
});

describe('stopping the API', () => {
  test('an answer in flight when the API stops is sent, and its connection closes with it: the stop does not wait out the keep-alive', async () => {
    let entered: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let stopping: () => void = () => {};
    const stopBegun = new Promise<void>((resolve) => {
      stopping = resolve;
    });
    const stopped = await startTestApi({
      configure: (app) => {
        app.get('/__in-flight', async () => {
          entered();
          await released;
          return { ok: true };
        });
        // Registered after the app's own, so it runs once the app knows it is closing.
        app.addHook('preClose', (done) => {
          stopping();
          done();
        });
      },
    });
    const answer = fetch(`${stopped.baseUrl}/__in-flight`);
    await inFlight;
    const closed = stopped.close().then(() => 'closed');
    await stopBegun;
    release();
    const response = await answer;
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { ok: true });
    assert.equal(response.headers.get('connection'), 'close');
    // Kept alive, the connection holds the close for the server's keep-alive timeout (72 s).
    const bound = new AbortController();
    const held = sleep(stopped.app.server.keepAliveTimeout / 2, 'held', { signal: bound.signal }).catch(
      () => 'cancelled',
    );
    try {
      assert.equal(await Promise.race([closed, held]), 'closed');
    } finally {
      bound.abort();
    }
  });
});
