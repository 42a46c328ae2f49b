import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readConfig } from '../src/config.js';
import { startTestApi } from './harness.js';

describe('CORS origins allowed without CORS_ORIGINS', () => {
  test('the shell, every remote and WordPress are allowed at localhost and 127.0.0.1 on the default ports', () => {
    const { corsOrigins } = readConfig({});
    for (const host of ['localhost', '127.0.0.1'])
      for (const port of [3000, 3001, 3002, 3003, 3004, 8881])
        assert.ok(corsOrigins.includes(`http://${host}:${port}`), `http://${host}:${port}`);
  });

  test('with APP_PORT, REMOTES_PORT and WP_PORT changed the allowed origins follow the ports', () => {
    const { corsOrigins } = readConfig({ APP_PORT: '4000', REMOTES_PORT: '4001', WP_PORT: '4100' });
    for (const origin of [
      'http://localhost:4000',
      'http://127.0.0.1:4000',
      'http://127.0.0.1:4004',
      'http://localhost:4100',
    ])
      assert.ok(corsOrigins.includes(origin), origin);
    assert.ok(!corsOrigins.includes('http://localhost:3000'));
  });

  test('the listen HOST and the public app address are allowed too, a wildcard HOST is not an origin', () => {
    const { corsOrigins } = readConfig({ HOST: '192.168.1.20', PUBLIC_APP_URL: 'https://app.credimo.es/cuenta' });
    assert.ok(corsOrigins.includes('http://192.168.1.20:3000'));
    assert.ok(corsOrigins.includes('https://app.credimo.es'));
    assert.ok(!readConfig({ HOST: '0.0.0.0' }).corsOrigins.some((origin) => origin.includes('0.0.0.0')));
  });

  test('CORS_ORIGINS, when set, is the whole list', () => {
    assert.deepEqual(readConfig({ CORS_ORIGINS: 'https://credimo.es, https://www.credimo.es' }).corsOrigins, [
      'https://credimo.es',
      'https://www.credimo.es',
    ]);
  });

  test('the content call from the app at 127.0.0.1 on a changed APP_PORT is answered with CORS', async () => {
    const api = await startTestApi({ env: { APP_PORT: '4000' } });
    try {
      const origin = 'http://127.0.0.1:4000';
      const response = await fetch(`${api.baseUrl}/wp-json/react/v2/data`, { headers: { origin } });
      assert.equal(response.headers.get('access-control-allow-origin'), origin);
      const refused = await fetch(`${api.baseUrl}/wp-json/react/v2/data`, {
        headers: { origin: 'http://127.0.0.1:3000' },
      });
      assert.equal(refused.headers.get('access-control-allow-origin'), null);
    } finally {
      await api.close();
    }
  });
});
