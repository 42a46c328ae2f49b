import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { smsProviderFor } from '../src/providers/index.js';
import { startTestApi, type TestApi } from './harness.js';

describe('the logs: one JSON line per answer, nothing personal', () => {
  let api: TestApi;
  let logged: FastifyInstance;
  const lines: string[] = [];
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  before(async () => {
    api = await startTestApi();
    const config = { ...readConfig({ LOG_LEVEL: 'info' }), port: 0 };
    logged = await buildApp(
      { config, database: api.database, sms: smsProviderFor(config, api.database.db) },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
  });
  after(async () => {
    await logged.close();
    await api.close();
  });

  test('each answer is one info line with the route pattern, method, status and time', async () => {
    lines.length = 0;
    await logged.inject({ method: 'GET', url: '/api/agent/customer/a-one-time-code' });
    const answered = entries().filter((entry) => entry.msg === 'answered');
    assert.equal(answered.length, 1, lines.join(''));
    const [line] = answered;
    assert.equal(line?.level, 30);
    assert.equal(line?.route, '/api/agent/customer/:sessionId');
    assert.equal(line?.method, 'GET');
    assert.equal(typeof line?.status, 'number');
    assert.equal(typeof line?.ms, 'number');
    // Fastify's own "incoming request" and "request completed" lines are not there as well.
    assert.equal(lines.length, 1, lines.join(''));
    assert.doesNotMatch(lines.join(''), /a-one-time-code/);
  });

  test("a phone, a DNI/NIE, an IBAN, names, an email or a code in a logged object are censored by the logger's paths", () => {
    lines.length = 0;
    const person = {
      mobile_phone: '612345678',
      personal_id: '12345678Z',
      iban: 'ES9121000418450200051332',
      first_name: 'Lucía',
      first_surname: 'Fernández',
      email: 'lucia@example.es',
      code: '4821',
    };
    logged.log.info(person, 'top level');
    logged.log.info({ customer: person }, 'one level down');
    const text = lines.join('');
    for (const value of Object.values(person)) assert.doesNotMatch(text, new RegExp(value), value);
    assert.equal(entries().length, 2);
    const customer = entries()[1]?.customer as Record<string, unknown> | undefined;
    assert.equal(customer?.iban, '[redacted]');
  });
});
