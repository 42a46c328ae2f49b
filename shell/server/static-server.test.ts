/**
 * @jest-environment node
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cacheControlFor, IMMUTABLE, NO_CACHE } from './cache-policy';
import { startStaticServer } from './static-server';

describe('cache policy of DESIGN.md section 4', () => {
  test.each([
    ['remoteEntry.js', NO_CACHE],
    ['mf-manifest.json', NO_CACHE],
    ['index.html', NO_CACHE],
    ['main.3f2a9c0d1e.js', IMMUTABLE],
    ['__federation_expose_App.26686e99ba.js', IMMUTABLE],
    ['main.js', NO_CACHE],
  ])('%s is served %s', (file, policy) => {
    expect(cacheControlFor(`/dist/x/${file}`)).toBe(policy);
  });
});

describe('the static server of an app', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'credimo-static-'));
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Credimo</title>');
  writeFileSync(path.join(root, 'remoteEntry.js'), 'var x;');
  writeFileSync(path.join(root, 'chunk.0123456789.js'), 'var y;');

  test('serves files with their cache policy and client routes with index.html', async () => {
    const server = await startStaticServer({
      root,
      port: 0,
      spaFallback: true,
      json: { '/config.json': { ok: true } },
      allowAnyOrigin: true,
    });
    const address = server.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const entry = await fetch(`${base}/remoteEntry.js`);
      expect(entry.headers.get('cache-control')).toBe(NO_CACHE);
      expect(entry.headers.get('access-control-allow-origin')).toBe('*');
      const chunk = await fetch(`${base}/chunk.0123456789.js`);
      expect(chunk.headers.get('cache-control')).toBe(IMMUTABLE);
      const route = await fetch(`${base}/account/history`);
      expect(route.status).toBe(200);
      expect(await route.text()).toContain('<title>Credimo</title>');
      expect((await fetch(`${base}/missing.js`)).status).toBe(404);
      const config = await fetch(`${base}/config.json`);
      expect(config.headers.get('cache-control')).toBe(NO_CACHE);
      expect(await config.json()).toEqual({ ok: true });
    } finally {
      await server.close();
    }
  });

  test('a missing build folder answers 404 instead of crashing (a remote whose files are gone)', async () => {
    const server = await startStaticServer({ root: path.join(root, 'nothing-here'), port: 0, allowAnyOrigin: true });
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      expect((await fetch(`http://127.0.0.1:${port}/mf-manifest.json`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
