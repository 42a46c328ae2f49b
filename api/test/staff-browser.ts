import assert from 'node:assert/strict';
import { totpNow } from '../src/staff/index.js';
import type { TestApi } from './harness.js';

/** A staff member's sign-in: what the console's login form asks for. */
export type StaffCredentials = { username: string; password: string; totpSecret: string };

let address = 0;

/**
 * The browser of one staff member on the console: an address of its own (the API trusts X-Forwarded-For in these
 * tests, so each member's limits are their own) and a cookie jar holding the console's session cookie.
 */
export function staffBrowser(api: TestApi, from = `172.16.${address >> 8}.${++address & 255}`) {
  let cookie = '';
  async function send(method: 'GET' | 'POST', path: string, form?: Record<string, string>, headers = {}) {
    const response = await fetch(`${api.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        'x-forwarded-for': from,
        ...(cookie ? { cookie } : {}),
        // As a browser posting the console's own form says.
        ...(method === 'POST' ? { 'sec-fetch-site': 'same-origin' } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    const set = response.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0] ?? '';
    return {
      status: response.status,
      headers: response.headers,
      location: response.headers.get('location'),
      text: await response.text(),
      cookie: set,
    };
  }
  return {
    from,
    get: (path: string) => send('GET', path),
    post: (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
      send('POST', path, form, headers),
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      cookie = value;
    },
  };
}
export type StaffBrowser = ReturnType<typeof staffBrowser>;

/**
 * A TOTP code is good once: a test signing the same member in again within 30 s first forgets the step last used,
 * as if the next step had come.
 */
export async function staffCode(api: TestApi, member: Pick<StaffCredentials, 'username' | 'totpSecret'>) {
  await api.database.db
    .updateTable('staff_accounts')
    .set({ totp_last_step: null })
    .where('username', '=', member.username)
    .execute();
  return totpNow(member.totpSecret);
}

/** Posts the console's login form for `member` from `browser` (a new one by default). */
export async function staffSignIn(api: TestApi, member: StaffCredentials, browser = staffBrowser(api)) {
  const answer = await browser.post('/console/login', {
    username: member.username,
    password: member.password,
    code: await staffCode(api, member),
  });
  return { browser, answer };
}

/** A staff member signed in and sent on to the queue, as the console does after a good login. */
export async function signedInStaff(api: TestApi, member: StaffCredentials) {
  const { browser, answer } = await staffSignIn(api, member);
  assert.equal(answer.status, 303, answer.text);
  assert.equal(answer.location, '/console/queue');
  return browser;
}
