import { waitFor } from '@testing-library/react';
import { preloadFirstScreen } from './first-screen';

describe("the first screen's chunks start with the shell's own, not after it", () => {
  afterEach(() => {
    document.head.innerHTML = '';
    jest.restoreAllMocks();
  });

  test("the App expose's chunks of the remote whose manifest the page preloads are preloaded as scripts", async () => {
    document.head.innerHTML =
      '<link rel="preload" href="https://cdn.credimo.test/registration/mf-manifest.json" as="fetch" crossorigin>';
    const manifest = {
      exposes: [
        { path: './mount', assets: { js: { sync: ['mount.1.js'] } } },
        { path: './App', assets: { js: { sync: ['style-runtime.2.js', '__federation_expose_App.3.js'] } } },
      ],
    };
    const fetchSpy = jest.fn().mockResolvedValue(new Response(JSON.stringify(manifest)));
    globalThis.fetch = fetchSpy as unknown as typeof fetch;
    preloadFirstScreen();
    await waitFor(() => expect(document.head.querySelectorAll('link[as="script"]')).toHaveLength(2));
    expect(fetchSpy).toHaveBeenCalledWith('https://cdn.credimo.test/registration/mf-manifest.json');
    const hints = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')];
    expect(hints.map((hint) => hint.href)).toEqual([
      'https://cdn.credimo.test/registration/style-runtime.2.js',
      'https://cdn.credimo.test/registration/__federation_expose_App.3.js',
    ]);
  });

  test("a page of several remotes (the account's) has each one's App expose preloaded", async () => {
    document.head.innerHTML = ['account', 'registration', 'calculator']
      .map((remote) => `<link rel="preload" href="https://cdn.credimo.test/${remote}/mf-manifest.json" as="fetch">`)
      .join('');
    const manifest = { exposes: [{ path: './App', assets: { js: { sync: ['app.1.js'] } } }] };
    globalThis.fetch = jest.fn(async () => new Response(JSON.stringify(manifest))) as unknown as typeof fetch;
    preloadFirstScreen();
    await waitFor(() => expect(document.head.querySelectorAll('link[as="script"]')).toHaveLength(3));
    expect([...document.head.querySelectorAll<HTMLLinkElement>('link[as="script"]')].map((l) => l.href).sort()).toEqual(
      [
        'https://cdn.credimo.test/account/app.1.js',
        'https://cdn.credimo.test/calculator/app.1.js',
        'https://cdn.credimo.test/registration/app.1.js',
      ],
    );
  });

  test("a manifest link naming another expose (the account's loan progress) preloads that expose's chunks only", async () => {
    document.head.innerHTML =
      '<link rel="preload" href="https://cdn.credimo.test/registration/mf-manifest.json" as="fetch" data-expose="./LoanProgress">';
    const manifest = {
      exposes: [
        { path: './App', assets: { js: { sync: ['all-screens.1.js'] } } },
        { path: './LoanProgress', assets: { js: { sync: ['loan-progress.2.js'] } } },
      ],
    };
    globalThis.fetch = jest.fn(async () => new Response(JSON.stringify(manifest))) as unknown as typeof fetch;
    preloadFirstScreen();
    await waitFor(() => expect(document.head.querySelectorAll('link[as="script"]')).toHaveLength(1));
    expect(document.head.querySelector<HTMLLinkElement>('link[as="script"]')?.href).toBe(
      'https://cdn.credimo.test/registration/loan-progress.2.js',
    );
  });

  test('a page without a remote to preload (an unknown path) asks for nothing', () => {
    const fetchSpy = jest.fn();
    globalThis.fetch = fetchSpy as unknown as typeof fetch;
    preloadFirstScreen();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
