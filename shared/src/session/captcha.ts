import { isSandboxSiteKey, RECAPTCHA_SCRIPT_URL, sandboxCaptchaToken } from '../domain/captcha';
import { messages } from '../i18n/messages';

/** The site key of /config.json (`recaptchaSiteKey`); none or `sandbox…`: the sandbox verifier is on the other end. */
let siteKey: string | null = null;

/** The app (from /config.json) or a WordPress widget (from the loader) names the key; another key starts afresh. */
export function configureCaptcha(key: string | null | undefined): void {
  if ((key ?? null) !== siteKey) forgetLoading();
  siteKey = key ?? null;
}

/** A real site key is configured: the sign-in asks Google (and its form says so, CaptchaNotice). */
export const usesGoogleCaptcha = (): boolean => !isSandboxSiteKey(siteKey);

/** Google's reCAPTCHA v3 API, as its api.js defines it on the page. */
interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

/**
 * How long the customer may wait for Google's token (the script, its ready, the token) before the form says so:
 * on a slow phone connection api.js and the code it loads take a few seconds; past this, something is wrong.
 */
export const CAPTCHA_TIMEOUT_MS = 15_000;

/**
 * Google's script could not be loaded or answered too late (offline, blocked by an extension or a page's CSP).
 * Its message is the Spanish sentence the form shows (normaliseApiError reads it); the next try loads it again.
 */
export class CaptchaUnavailableError extends Error {
  readonly userMessage = messages.captchaUnavailable;
  constructor(readonly reason: string) {
    super(messages.captchaUnavailable);
    this.name = 'CaptchaUnavailableError';
  }
}

/** The script being loaded or loaded, once per page; forgotten when a token failed, so a retry loads it anew. */
let loading: { key: string; script: HTMLScriptElement; grecaptcha: Promise<Grecaptcha> } | null = null;

const pageGrecaptcha = () => (globalThis as { grecaptcha?: Grecaptcha }).grecaptcha;

function loadGrecaptcha(key: string): Promise<Grecaptcha> {
  if (loading?.key === key) return loading.grecaptcha;
  const script = document.createElement('script');
  script.src = `${RECAPTCHA_SCRIPT_URL}?render=${encodeURIComponent(key)}`;
  script.async = true;
  const grecaptcha = new Promise<Grecaptcha>((resolve, reject) => {
    script.onload = () => {
      const loaded = pageGrecaptcha();
      if (loaded) resolve(loaded);
      else reject(new Error('api.js loaded without defining grecaptcha'));
    };
    script.onerror = () => reject(new Error(`could not load ${script.src}`));
  });
  loading = { key, script, grecaptcha };
  document.head.appendChild(script);
  return grecaptcha;
}

/** A token failed (or the key changed): take the script away so the next try starts from the beginning. */
function forgetLoading(): void {
  loading?.script.remove();
  loading = null;
}

function googleToken(grecaptcha: Grecaptcha, key: string, action: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    grecaptcha.ready(() => {
      grecaptcha.execute(key, { action }).then(resolve, reject);
    });
  });
}

/**
 * The `recaptcha_token` for a call (`action`, e.g. `login`). In sandbox mode (no site key, or one
 * starting `sandbox`) a tiny local function makes it: no external script, so the page's CSP stays strict. With a
 * real site key, Google's reCAPTCHA v3 script is loaded the first time a token is needed (never before: the
 * calculator's first load carries nothing of it), and the token is `grecaptcha.execute(key, { action })` once
 * `grecaptcha.ready`. A script that fails or is too slow throws CaptchaUnavailableError, whose Spanish message
 * the form shows; calling again retries.
 */
export async function captchaToken(action: string): Promise<string | undefined> {
  if (isSandboxSiteKey(siteKey) || !siteKey) return sandboxCaptchaToken();
  const key = siteKey;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no token within ${CAPTCHA_TIMEOUT_MS} ms`)), CAPTCHA_TIMEOUT_MS);
  });
  try {
    const grecaptcha = await Promise.race([loadGrecaptcha(key), deadline]);
    const token = await Promise.race([googleToken(grecaptcha, key, action), deadline]);
    if (!token) throw new Error('grecaptcha.execute gave an empty token');
    return token;
  } catch (error) {
    // Whatever failed (api.js, the code it loads, ready never called), the next try loads everything anew.
    forgetLoading();
    throw new CaptchaUnavailableError(error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
}
