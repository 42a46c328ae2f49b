/** @jest-environment node */
import { runInNewContext } from 'node:vm';
import { federationRuntimeSource } from './runtime-file-plugin';

describe('the federation runtime file for pages without the shell', () => {
  const source = federationRuntimeSource();

  test('run on a page, it provides the federation runtime where borrowing containers read it', () => {
    const page: Record<string, unknown> = {};
    page.globalThis = page;
    page.window = page;
    runInNewContext(source, page);
    const core = page._FEDERATION_RUNTIME_CORE as Record<string, unknown>;
    expect(typeof core.ModuleFederation).toBe('function');
    expect(typeof core.getRemoteEntry).toBe('function');
  });

  test('a runtime already on the page is kept: one runtime serves every widget', () => {
    const provided = { provided: 'by the shell' };
    const page: Record<string, unknown> = { _FEDERATION_RUNTIME_CORE: provided };
    page.globalThis = page;
    page.window = page;
    runInNewContext(source, page);
    expect(page._FEDERATION_RUNTIME_CORE).toBe(provided);
  });

  test('it is built for the browser, with the constants the containers are built with: no Node.js loading code', () => {
    // Node.js loading evaluates remote entries with the vm module; an unresolved constant keeps both paths.
    expect(source).not.toMatch(/"vm"|ENV_TARGET|FEDERATION_OPTIMIZE_/);
  });
});
