import type { BrowserContext } from 'playwright-core';

/** Signs a customer in through the API with the sandbox code, as the sign-in screens do. */
export async function signInThroughApi(apiUrl: string, phone: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const sent = await post('/v2/user/login', { mobile_phone: phone });
  const code = sent.headers.get('x-sms-code');
  if (!sent.ok || !code) throw new Error(`no sandbox code for ${phone}: ${sent.status}`);
  const confirmed = await post('/v2/user/login_confirm', { mobile_phone: phone, code });
  const { token } = (await confirmed.json()) as { token?: string };
  if (!token) throw new Error(`sign-in failed for ${phone}`);
  return token;
}

/** A browser context already signed in as that customer (the token cookie the app itself writes). */
export async function signedInContext(context: BrowserContext, appUrl: string, apiUrl: string, phone: string) {
  const token = await signInThroughApi(apiUrl, phone);
  await context.addCookies([{ name: 'credimo_access_token', value: token, url: appUrl }]);
  return context;
}
