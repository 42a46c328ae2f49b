import { isSandboxSiteKey, sandboxCaptchaToken } from '../domain/captcha';

/** The site key of /config.json (`recaptchaSiteKey`); none or `sandbox…`: the sandbox verifier is on the other end. */
let siteKey: string | null = null;

export function configureCaptcha(key: string | null | undefined): void {
  siteKey = key ?? null;
}

/** Google's reCAPTCHA v3 API, when the page that hosts the app has loaded it. */
interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

/**
 * SPEC section 7's `recaptcha_token` for a call (`action`, e.g. `login`). In sandbox mode a tiny local function makes
 * it: no external script, so the page's CSP stays strict. With a real site key it is Google's token when the page
 * offers `grecaptcha`; without it nothing is sent and the API refuses the sign-in with its own message.
 */
export async function captchaToken(action: string): Promise<string | undefined> {
  if (isSandboxSiteKey(siteKey)) return sandboxCaptchaToken();
  const grecaptcha = (globalThis as { grecaptcha?: Grecaptcha }).grecaptcha;
  if (!grecaptcha || !siteKey) return undefined;
  const key = siteKey;
  return new Promise<string | undefined>((resolve) => {
    grecaptcha.ready(() => {
      grecaptcha.execute(key, { action }).then(resolve, () => resolve(undefined));
    });
  });
}
