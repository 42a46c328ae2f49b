/**
 * POST /v2/user/login carries `recaptcha_token`. Outside production no Google script is loaded
 * (the page's CSP stays strict): the browser makes a sandbox token itself and the API's sandbox verifier accepts
 * exactly this shape, so the flow is the production flow with a different provider at each end.
 */
export const SANDBOX_CAPTCHA_PREFIX = 'sandbox.';
const SANDBOX_CAPTCHA = /^sandbox\.[0-9a-f]{32}$/;

/** The token the sandbox verifier accepts: the prefix and 128 random bits in hex. */
export function sandboxCaptchaToken(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b),
) {
  const bytes = random(new Uint8Array(16));
  return SANDBOX_CAPTCHA_PREFIX + Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const isSandboxCaptchaToken = (token: string): boolean => SANDBOX_CAPTCHA.test(token);

/** A site key that names the sandbox (or none at all) means: make the token locally. */
export const isSandboxSiteKey = (siteKey: string | null | undefined): boolean =>
  !siteKey || siteKey.startsWith('sandbox');

/** Google's reCAPTCHA v3 script, loaded with `?render=<site key>` when a real key is configured. */
export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';

/**
 * What a page's Content-Security-Policy must allow for reCAPTCHA v3 with a real key. Google's FAQ ("I'm using
 * Content-Security-Policy (CSP) on my website") names script-src and frame-src; api.js also calls
 * www.google.com/recaptcha/ from the page itself, so connect-src gets that path too. (The app's CSP in
 * shell/server/security-headers.ts and wordpress-plugin/README.md's table list these.)
 */
export const RECAPTCHA_CSP = {
  'script-src': ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  'connect-src': ['https://www.google.com/recaptcha/'],
} as const;
