import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sandboxCaptchaToken } from '@credimo/shared/domain';
import { startTestApi, type TestApi } from './harness.js';

/**
 * Bad input is a 4xx in the error shape, never a 5xx. This walks every operation of the published
 * OpenAPI document, so a route added later is fuzzed without a test of its own. Cases are bounded per route.
 */

type Schema = {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  maxLength?: number;
};
type Parameter = { name: string; in: string; schema?: Schema };
type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Case = { label: string; path: string; body?: string; contentType?: string };

/** Path parameters nobody should send: too big for any integer, negative, text, unicode, traversal, control bytes. */
const BAD_PATH_VALUES = [
  '99999999999999999999',
  '2147483648',
  '-1',
  '0',
  '1.5',
  '1e3',
  'abc',
  encodeURIComponent('ñandú💥'),
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  'x'.repeat(2000),
];

/** Values of the wrong type, or of the right type but absurd size, for every property of a body at once. */
const JUNK_VALUES: unknown[] = [
  null,
  true,
  -1,
  1e300,
  'x'.repeat(20_000),
  '\u0000ñ💥<script>',
  [],
  { a: { b: [[[{}]]] } },
];

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Bodies that are not what any route takes, as raw text (some not JSON at all). */
const RAW_BODIES: Array<{ label: string; body: string; contentType?: string }> = [
  { label: 'an empty JSON body', body: '' },
  { label: 'text that is not JSON', body: 'not json {' },
  { label: 'JSON null', body: 'null' },
  { label: 'a JSON number', body: '42' },
  { label: 'a JSON string', body: '"hola"' },
  { label: 'a JSON array', body: '[1,2,3]' },
  { label: 'deeply nested arrays', body: nested(2000) },
  { label: 'an object of junk', body: JSON.stringify({ junk: { deeper: [null, 1e300, 'ñ'] } }) },
  { label: 'a body above the size limit', body: JSON.stringify({ big: 'x'.repeat(70 * 1024) }) },
  { label: 'a form instead of JSON', body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { label: 'plain text', body: 'hola', contentType: 'text/plain' },
];

/** A value the route's own schema would take for a parameter, so only the fuzzed one is wrong. */
function plausible(parameter: Parameter): string {
  const schema = parameter.schema ?? {};
  const choice = schema.enum?.[0] ?? schema.anyOf?.find((s) => s.enum)?.enum?.[0];
  if (choice !== undefined) return encodeURIComponent(String(choice));
  return schema.type === 'integer' || schema.type === 'number' ? '1' : 'x';
}

/** A value of the declared type at its extreme: the shape that passes type checks and reaches the handler. */
function extreme(schema: Schema): unknown {
  switch (schema.type) {
    case 'integer':
      return 1e20;
    case 'number':
      return 1e308;
    case 'string':
      return 'ñ'.repeat(schema.maxLength ?? 10_000);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: 1000 }, () => 1e20);
    default:
      return {};
  }
}

function casesFor(path: string, operation: Operation, wantsBody: boolean): Case[] {
  const params = (operation.parameters ?? []).filter((p) => p.in === 'path');
  const fill = (fuzzed?: string, value?: string) =>
    path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      if (name === fuzzed) return value ?? '';
      const parameter = params.find((p) => p.name === name) ?? { name, in: 'path' };
      return plausible(parameter);
    });
  const cases: Case[] = [];
  for (const parameter of params) {
    for (const value of BAD_PATH_VALUES) {
      cases.push({ label: `path ${parameter.name}=${value.slice(0, 30)}`, path: fill(parameter.name, value) });
    }
  }
  // A raw traversal is resolved by the client into another path: it must still be a clean 4xx.
  if (params.length > 0) cases.push({ label: 'raw ../', path: fill(params[0]?.name, '../../..') });
  const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
  for (const parameter of query) {
    for (const value of BAD_PATH_VALUES.slice(0, 8)) {
      cases.push({
        label: `query ${parameter.name}=${value.slice(0, 30)}`,
        path: `${fill()}?${parameter.name}=${value}`,
      });
    }
  }
  if (wantsBody) {
    const target = fill();
    for (const raw of RAW_BODIES) cases.push({ path: target, ...raw });
    const properties = operation.requestBody?.content?.['application/json']?.schema?.properties ?? {};
    const names = Object.keys(properties);
    for (const junk of JUNK_VALUES) {
      const body = Object.fromEntries(names.map((name) => [name, junk]));
      cases.push({
        label: `every property ${JSON.stringify(junk).slice(0, 30)}`,
        path: target,
        body: JSON.stringify(body),
      });
    }
    const extremes = Object.fromEntries(names.map((name) => [name, extreme(properties[name] ?? {})]));
    cases.push({ label: 'every property at its extreme', path: target, body: JSON.stringify(extremes) });
  }
  return cases;
}

function assertErrorShape(body: unknown, where: string) {
  assert.ok(body && typeof body === 'object', `${where}: a JSON body`);
  const errors = (body as { errors?: unknown }).errors;
  assert.ok(Array.isArray(errors) && errors.length > 0, `${where}: errors[] in ${JSON.stringify(body).slice(0, 200)}`);
  for (const entry of errors as Array<Record<string, unknown>>) {
    assert.equal(typeof entry.message, 'string', `${where}: message`);
    assert.ok(String(entry.message).length > 0, `${where}: a message`);
    assert.equal(typeof entry.property, 'string', `${where}: property`);
  }
}

describe('every route of the OpenAPI document, fuzzed', () => {
  let api: TestApi;
  let counter = 0;
  /** Every request speaks from its own address, so the limits answer only where a test means them to. */
  const address = () => {
    counter++;
    return {
      'x-forwarded-for': `10.${100 + Math.floor(counter / 62500)}.${Math.floor(counter / 250) % 250}.${counter % 250}`,
    };
  };

  /** A fresh customer per route: a route like logout revokes the token it is given. */
  async function customerToken(): Promise<string> {
    const phone = `6${String(31_415_926 + ++counter * 7919).padStart(8, '0')}`;
    const headers = address();
    const sent = await api.request('POST', '/v2/user/login', {
      body: { recaptcha_token: sandboxCaptchaToken(), mobile_phone: phone },
      headers,
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const confirmed = await api.request('POST', '/v2/user/login_confirm', {
      body: { mobile_phone: phone, code: sent.headers.get('x-sms-code') ?? '' },
      headers,
    });
    assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
    return confirmed.body.token as string;
  }

  before(async () => {
    api = await startTestApi({ env: { TRUST_PROXY: 'true' } });
  });
  after(() => api.close());

  test('no bad body, path parameter or query, with or without a customer token, answers 5xx or a 4xx without the error body', async () => {
    const document = (await api.request('GET', '/v2/openapi.json')).body as {
      paths: Record<string, Record<string, Operation>>;
    };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
    );
    assert.ok(operations.length >= 30, `the document lists the routes (${operations.length})`);
    const failures: string[] = [];
    let requests = 0;
    for (const { path, method, operation } of operations) {
      const wantsBody = method !== 'GET' && method !== 'DELETE' && method !== 'HEAD';
      const cases = casesFor(path, operation, wantsBody);
      const token = await customerToken();
      for (const signedIn of [false, true]) {
        // In small batches: fast, yet never a flood that the limits would answer for the route.
        for (let i = 0; i < cases.length; i += 8) {
          await Promise.all(
            cases.slice(i, i + 8).map(async (c) => {
              const headers: Record<string, string> = { ...address() };
              if (signedIn) headers.authorization = `Bearer ${token}`;
              if (c.body !== undefined) headers['content-type'] = c.contentType ?? 'application/json';
              const response = await fetch(`${api.baseUrl}${c.path}`, { method, headers, body: c.body });
              requests++;
              const text = await response.text();
              const where = `${method} ${path} [${c.label}]${signedIn ? ' signed in' : ''} -> ${response.status}`;
              if (response.status >= 500) {
                failures.push(`${where}: ${text.slice(0, 200)}`);
                return;
              }
              if (response.status >= 400) {
                try {
                  assertErrorShape(JSON.parse(text), where);
                } catch (error) {
                  failures.push((error as Error).message.split('\n')[0]?.slice(0, 300) ?? where);
                }
              }
            }),
          );
        }
      }
    }
    assert.deepEqual(failures, [], `${failures.length} of ${requests} requests failed`);
  });
});
