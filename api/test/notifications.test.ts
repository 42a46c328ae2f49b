import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { inboxOf, notifyCustomer } from '../src/notifications/index.js';
import { startTestApi, type TestApi } from './harness.js';
import { customerAt } from './origination-path.js';

let api: TestApi;

const userIdOf = async (headers: Record<string, string>) =>
  String((await api.request('GET', '/v2/user', { headers })).body.id);

describe('notifications: the inbox is polled, dismissal marks read', () => {
  before(async () => {
    api = await startTestApi({ workers: true, env: { TRUST_PROXY: 'true' } });
  });
  after(async () => api.close());

  test('the inbox lists the unread notifications newest first, with severity and duplicates named once', async () => {
    const me = await customerAt(api, 'applied');
    const id = await userIdOf(me.headers);
    const db = api.database.db;
    const first = await notifyCustomer(db, id, 'Tu pago se ha recibido.', 'success');
    await notifyCustomer(db, id, 'Recuerda tu fecha de devolución.');
    const again = await notifyCustomer(db, id, 'Tu pago se ha recibido.', 'success');
    const answer = await api.request('GET', '/v2/notifications/inbox', { headers: me.headers });
    assert.equal(answer.status, 200);
    assert.deepEqual(
      answer.body.map((n: { id: string; message: string; severity: string; duplicateIds: string[] }) => [
        n.id,
        n.message,
        n.severity,
        n.duplicateIds,
      ]),
      [
        [again, 'Tu pago se ha recibido.', 'success', [first]],
        [String(Number(first) + 1), 'Recuerda tu fecha de devolución.', 'info', []],
      ],
    );
  });

  test('marking read removes them from the inbox; another customer cannot mark mine', async () => {
    const me = await customerAt(api, 'applied');
    const other = await customerAt(api, 'applied');
    const mine = await notifyCustomer(api.database.db, await userIdOf(me.headers), 'Hola', 'warning');
    const theirs = await api.request('POST', '/v2/notifications/read', {
      headers: other.headers,
      body: { ids: [mine] },
    });
    assert.deepEqual([theirs.status, theirs.body], [200, { read: 0 }]);
    assert.equal((await api.request('GET', '/v2/notifications/inbox', { headers: me.headers })).body.length, 1);
    const read = await api.request('POST', '/v2/notifications/read', { headers: me.headers, body: { ids: [mine] } });
    assert.deepEqual([read.status, read.body], [200, { read: 1 }]);
    assert.deepEqual((await api.request('GET', '/v2/notifications/inbox', { headers: me.headers })).body, []);
  });

  test('bad ids are a 422 in the error shape, and no session is a 401', async () => {
    const me = await customerAt(api, 'applied');
    const bad = await api.request('POST', '/v2/notifications/read', { headers: me.headers, body: { ids: ['x'] } });
    assert.equal(bad.status, 422);
    assert.ok(Array.isArray(bad.body.errors));
    const empty = await api.request('POST', '/v2/notifications/read', { headers: me.headers, body: { ids: [] } });
    assert.equal(empty.status, 422);
    assert.equal((await api.request('GET', '/v2/notifications/inbox')).status, 401);
  });

  test('a withdrawal leaves its acknowledgement in the inbox', async () => {
    const me = await customerAt(api, 'active');
    const withdrawn = await api.request('POST', '/v2/loan/withdrawal', {
      headers: me.headers,
      body: { confirm: true },
    });
    assert.equal(withdrawn.status, 200, JSON.stringify(withdrawn.body));
    const inbox = (await api.request('GET', '/v2/notifications/inbox', { headers: me.headers })).body;
    assert.deepEqual(
      inbox.map((n: { message: string; severity: string }) => [n.message, n.severity]),
      [[withdrawn.body.acknowledgement, 'success']],
    );
  });

  test('inboxOf shows one notification per message and severity', () => {
    const at = new Date('2026-11-23T10:00:00Z');
    const rows = [
      { id: '3', message: 'a', severity: 'info' as const, created_at: at },
      { id: '2', message: 'a', severity: 'error' as const, created_at: at },
      { id: '1', message: 'a', severity: 'info' as const, created_at: at },
    ];
    assert.deepEqual(
      inboxOf(rows).map((n) => [n.id, n.severity, n.duplicateIds]),
      [
        ['3', 'info', ['1']],
        ['2', 'error', []],
      ],
    );
  });
});
