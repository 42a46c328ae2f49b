import { parseAppConfig } from './app-config';

const valid = {
  apiBaseUrl: 'http://localhost:8080',
  wpBaseUrl: 'https://credimo.es',
  remotes: {
    calculator: 'http://localhost:3001/mf-manifest.json',
    registration: '//cdn.credimo.es/registration/mf-manifest.json',
    account: '/remotes/account/mf-manifest.json',
    payments: 'http://localhost:3004/mf-manifest.json',
  },
};

describe('the runtime config of the shell', () => {
  test('a complete config is accepted', () => {
    expect(parseAppConfig(valid)).toEqual({ ok: true, config: valid });
  });

  test("reCAPTCHA's site key may be given (RECAPTCHA_SITE_KEY)", () => {
    const withKey = { ...valid, recaptchaSiteKey: '6Lc-site-key' };
    expect(parseAppConfig(withKey)).toEqual({ ok: true, config: withKey });
  });

  test.each([
    ['not an object', 'oops'],
    ['a remote missing', { ...valid, remotes: { ...valid.remotes, payments: undefined } }],
    ['a remote address that is not a URL', { ...valid, remotes: { ...valid.remotes, account: 'javascript:alert(1)' } }],
    ['no API address', { ...valid, apiBaseUrl: undefined }],
    ['an API allow-list with a script address', { ...valid, apiUrlAllowList: ['javascript:alert(1)'] }],
    ['an empty reCAPTCHA site key', { ...valid, recaptchaSiteKey: '' }],
  ])('%s is reported as malformed', (_case, value) => {
    const result = parseAppConfig(value);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.length).toBeGreaterThan(0);
  });
});
