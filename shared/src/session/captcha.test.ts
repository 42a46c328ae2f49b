import { normaliseApiError } from '../api/errors';
import { isSandboxCaptchaToken, sandboxCaptchaToken } from '../domain/captcha';
import { messages } from '../i18n/messages';
import { CAPTCHA_TIMEOUT_MS, CaptchaUnavailableError, captchaToken, configureCaptcha } from './captcha';

const REAL_KEY = '6Lc-real-key';
const scripts = () =>
  Array.from(document.querySelectorAll<HTMLScriptElement>('script[src^="https://www.google.com/recaptcha/api.js"]'));

/** What Google's api.js defines: ready() queues until its code is in, execute() gives the token. */
function fakeGrecaptcha(token = 'google-token') {
  const waiting: Array<() => void> = [];
  let isReady = false;
  return {
    ready: jest.fn((callback: () => void) => (isReady ? callback() : waiting.push(callback))),
    execute: jest.fn(async (_key: string, _options: { action: string }) => token),
    becomeReady() {
      isReady = true;
      for (const callback of waiting.splice(0)) callback();
    },
  };
}

/** The browser finished loading the injected api.js: it defines grecaptcha, then the load event fires. */
function scriptLoads(grecaptcha: unknown) {
  (globalThis as { grecaptcha?: unknown }).grecaptcha = grecaptcha;
  for (const script of scripts()) script.dispatchEvent(new Event('load'));
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  jest.useRealTimers();
  configureCaptcha(null);
  delete (globalThis as { grecaptcha?: unknown }).grecaptcha;
  for (const script of scripts()) script.remove();
});

describe('the recaptcha_token on the sign-in', () => {
  test('in sandbox mode (no site key in /config.json) the token is made locally, fresh each time', async () => {
    const first = await captchaToken('login');
    const second = await captchaToken('login');
    expect(first).toMatch(/^sandbox\.[0-9a-f]{32}$/);
    expect(isSandboxCaptchaToken(first ?? '')).toBe(true);
    expect(second).not.toBe(first);
    expect(scripts()).toHaveLength(0);
  });

  test('a site key naming the sandbox also makes the token locally, without any Google script', async () => {
    configureCaptcha('sandbox-site-key');
    expect(await captchaToken('login')).toMatch(/^sandbox\./);
    expect(scripts()).toHaveLength(0);
  });

  test('with a real site key nothing of Google is loaded until a token is needed', () => {
    configureCaptcha(REAL_KEY);
    expect(scripts()).toHaveLength(0);
  });

  test("with a real site key Google's script is loaded once, ready is awaited, and the token is for the call's action", async () => {
    configureCaptcha(REAL_KEY);
    const grecaptcha = fakeGrecaptcha();
    const first = captchaToken('login');
    expect(scripts().map((s) => s.src)).toEqual([`https://www.google.com/recaptcha/api.js?render=${REAL_KEY}`]);
    scriptLoads(grecaptcha);
    await settle();
    // Not before Google says it is ready.
    expect(grecaptcha.execute).not.toHaveBeenCalled();
    grecaptcha.becomeReady();
    expect(await first).toBe('google-token');
    expect(grecaptcha.execute).toHaveBeenCalledWith(REAL_KEY, { action: 'login' });

    // The next sign-in (a new code asked for) reuses the loaded script.
    expect(await captchaToken('login')).toBe('google-token');
    expect(scripts()).toHaveLength(1);
    expect(grecaptcha.execute).toHaveBeenCalledTimes(2);
  });

  test('a script that cannot be loaded gives the Spanish message the form shows, and a retry loads it again', async () => {
    configureCaptcha(REAL_KEY);
    const failed = captchaToken('login');
    for (const script of scripts()) script.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toBeInstanceOf(CaptchaUnavailableError);
    await expect(failed).rejects.toThrow(messages.captchaUnavailable);
    expect(normaliseApiError(await failed.catch((error) => error)).message).toBe(messages.captchaUnavailable);
    expect(scripts()).toHaveLength(0);

    const grecaptcha = fakeGrecaptcha('second-try');
    grecaptcha.becomeReady();
    const retry = captchaToken('login');
    expect(scripts()).toHaveLength(1);
    scriptLoads(grecaptcha);
    expect(await retry).toBe('second-try');
  });

  test('a script that never answers ends in the same message after the timeout, never a hang', async () => {
    jest.useFakeTimers();
    configureCaptcha(REAL_KEY);
    const pending = captchaToken('login');
    const outcome = pending.catch((error) => error);
    jest.advanceTimersByTime(CAPTCHA_TIMEOUT_MS);
    const error = await outcome;
    expect(error).toBeInstanceOf(CaptchaUnavailableError);
    expect(normaliseApiError(error).message).toBe(messages.captchaUnavailable);
    expect(scripts()).toHaveLength(0);
  });

  test('Google refusing to give a token is the same message', async () => {
    configureCaptcha(REAL_KEY);
    const grecaptcha = fakeGrecaptcha();
    grecaptcha.execute.mockRejectedValueOnce(new Error('Invalid site key or not loaded in api.js'));
    grecaptcha.becomeReady();
    const refused = captchaToken('login');
    scriptLoads(grecaptcha);
    await expect(refused).rejects.toThrow(messages.captchaUnavailable);
  });

  test('only the sandbox shape is a sandbox token', () => {
    expect(isSandboxCaptchaToken(sandboxCaptchaToken(() => new Uint8Array(16).fill(171)))).toBe(true);
    expect(isSandboxCaptchaToken('sandbox.abab')).toBe(false);
    expect(isSandboxCaptchaToken('google-token')).toBe(false);
  });
});
