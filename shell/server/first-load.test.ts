/**
 * @jest-environment node
 */
import { firstLoadLinks, firstRemoteFor } from './first-load';

const remotes = {
  calculator: 'http://localhost:3001/mf-manifest.json',
  registration: 'https://cdn.credimo.es/registration/mf-manifest.json',
  account: 'http://localhost:3003/mf-manifest.json',
  payments: 'http://localhost:3004/mf-manifest.json',
};

describe('the first screen asks for its remote with the page', () => {
  test.each([
    ['/auth', 'registration'],
    ['/', 'registration'],
    ['/login', 'registration'],
    ['/registration/personal-data', 'registration'],
    ['/account', 'account'],
    ['/unnax-aggregation/ok', 'registration'],
    ['/account/payment-methods', 'payments'],
  ])('%s is drawn by the %s remote', (pathname, remote) => {
    expect(firstRemoteFor(pathname)).toBe(remote);
  });

  test("/auth connects to the registration remote's origin and preloads its manifest and container", () => {
    expect(firstLoadLinks('/auth', remotes)).toBe(
      '<link rel="preconnect" href="https://cdn.credimo.es" />' +
        '<link rel="preload" href="https://cdn.credimo.es/registration/mf-manifest.json" as="fetch" crossorigin data-expose="./App" />' +
        '<link rel="preload" href="https://cdn.credimo.es/registration/remoteEntry.js" as="script" />',
    );
  });

  test("the API's origin is preconnected without credentials, as its calls go", () => {
    expect(firstLoadLinks('/auth', remotes, 'https://api.credimo.es/v2')).toMatch(
      /^<link rel="preconnect" href="https:\/\/api.credimo.es" crossorigin \/><link rel="preconnect" href="https:\/\/cdn.credimo.es" \/>/,
    );
  });

  test("the account's page asks for each of its remotes' manifest and container, its first remote's first", () => {
    const links = firstLoadLinks('/account', remotes);
    expect(links.match(/as="fetch"/g)).toHaveLength(3);
    expect(links).toMatch(
      /^<link rel="preconnect" href="http:\/\/localhost:3003" \/><link rel="preload" href="http:\/\/localhost:3003\/mf-manifest.json"/,
    );
    expect(links).toContain(
      '<link rel="preload" href="https://cdn.credimo.es/registration/remoteEntry.js" as="script" />',
    );
    expect(links).toContain('<link rel="preload" href="http://localhost:3001/remoteEntry.js" as="script" />');
  });

  test("the account's page names the registration module it loads: the loan progress alone, not the whole app", () => {
    expect(firstLoadLinks('/account', remotes)).toContain(
      '<link rel="preload" href="https://cdn.credimo.es/registration/mf-manifest.json" as="fetch" crossorigin data-expose="./LoanProgress" />',
    );
  });

  test('an unknown path or a malformed address asks for nothing', () => {
    expect(firstLoadLinks('/no-such-page', remotes)).toBe('');
    expect(firstLoadLinks('/auth', { ...remotes, registration: 'not a url' })).toBe('');
  });
});
