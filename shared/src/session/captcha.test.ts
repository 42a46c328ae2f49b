import { isSandboxCaptchaToken, sandboxCaptchaToken } from '../domain/captcha';
import { captchaToken, configureCaptcha } from './captcha';

afterEach(() => {
  configureCaptcha(null);
  delete (globalThis as { grecaptcha?: unknown }).grecaptcha;
});

describe("SPEC section 7's recaptcha_token on the sign-in", () => {
  test('in sandbox mode (no site key in /config.json) the token is made locally, fresh each time', async () => {
    const first = await captchaToken('login');
    const second = await captchaToken('login');
    expect(first).toMatch(/^sandbox\.[0-9a-f]{32}$/);
    expect(isSandboxCaptchaToken(first ?? '')).toBe(true);
    expect(second).not.toBe(first);
  });

  test('a site key naming the sandbox also makes the token locally, without any Google script', async () => {
    configureCaptcha('sandbox-site-key');
    expect(await captchaToken('login')).toMatch(/^sandbox\./);
  });

  test("with a real site key the token is Google's, asked for the call's action", async () => {
    const execute = jest.fn(async () => 'google-token');
    (globalThis as { grecaptcha?: unknown }).grecaptcha = { ready: (callback: () => void) => callback(), execute };
    configureCaptcha('6Lc-real-key');
    expect(await captchaToken('login')).toBe('google-token');
    expect(execute).toHaveBeenCalledWith('6Lc-real-key', { action: 'login' });
  });

  test('with a real site key and no Google script on the page, no token is made up (the API refuses)', async () => {
    configureCaptcha('6Lc-real-key');
    expect(await captchaToken('login')).toBeUndefined();
  });

  test('only the sandbox shape is a sandbox token', () => {
    expect(isSandboxCaptchaToken(sandboxCaptchaToken(() => new Uint8Array(16).fill(171)))).toBe(true);
    expect(isSandboxCaptchaToken('sandbox.abab')).toBe(false);
    expect(isSandboxCaptchaToken('google-token')).toBe(false);
  });
});
