/**
 * Limits per route group: how many requests one caller (a customer when signed in, else an address) may make
 * in a window. Every route falls into `standard` unless its path matches a row of ROUTE_GROUPS below or it
 * opts into a group with one word in its route config: `app.post(url, { config: { limit: 'codes' } }, …)`.
 * The SMS code limits (5 an hour per phone, 30 an hour per address) are enforced by identity on top.
 */
export const LIMIT_GROUPS = {
  /**
   * Anything not listed: generous for people, a wall for scripts. `batched`: counted in memory and written to
   * the shared counter once a second (rate-limit.ts), since an exact count of a generous limit is not worth a
   * database round trip per request.
   */
  standard: { max: 300, windowMs: 60_000, batched: true },
  /** The app's polling (GET /v2/user, /v2/loan as often as every 3 s): five tabs polling for a minute are 100 calls. */
  polling: { max: 600, windowMs: 60_000, batched: true },
  /**
   * Tokens that open no session, per address: the polls are counted per token before the token is checked (in
   * the poll's one statement), so made-up tokens would each get a fresh count; these cap them. A customer whose
   * session ended gets one 401 and signs in again, so a carrier's shared address stays far below this.
   */
  unknownTokens: { max: 120, windowMs: 60_000 },
  /**
   * Sign-in and phone changes: each answer may send an SMS. Per address, and a mobile carrier's address is
   * shared by many customers, so not tighter; identity's own SMS rules (per phone, per address) apply too.
   */
  signIn: { max: 60, windowMs: 10 * 60_000 },
  /** Anything that checks a guessable secret (SMS codes, signing codes); each code also dies after 5 tries. */
  codes: { max: 60, windowMs: 10 * 60_000 },
  /** Promo codes are guessable and worth money. */
  promoCodes: { max: 20, windowMs: 10 * 60_000 },
  /** Files: every byte costs storage and scanning. */
  uploads: { max: 20, windowMs: 10 * 60_000 },
  /** Operators' one-time links (agent, admin login-as). */
  operatorLinks: { max: 10, windowMs: 10 * 60_000 },
  /** Answers that cost real CPU per call (PDF rendering): those routes name it in their config. */
  expensive: { max: 30, windowMs: 60_000 },
} as const satisfies Record<string, { max: number; windowMs: number; batched?: boolean }>;

export type LimitGroup = keyof typeof LIMIT_GROUPS;

/** Route patterns (Fastify's url with `:params`) to groups; the first matching row wins. */
export const ROUTE_GROUPS: ReadonlyArray<{ method?: string; url: RegExp; group: LimitGroup }> = [
  { method: 'GET', url: /^\/v2\/(user|loan|loans)$/, group: 'polling' },
  { url: /^\/v2\/user\/(login|phone_number|resend_phone_confirmation_code|change_phone)$/, group: 'signIn' },
  { url: /^\/v2\/user\/(login_confirm|phone_confirmation)$/, group: 'codes' },
  { url: /(sign|confirm)[^/]*$/, method: 'POST', group: 'codes' },
  { url: /promo/, group: 'promoCodes' },
  { url: /(upload|documents?|selfie|liveness)/, method: 'POST', group: 'uploads' },
  { url: /^\/(api\/agent|v2\/admin)\//, group: 'operatorLinks' },
];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Opt this route into a stricter (or more generous) group of LIMIT_GROUPS. */
    limit?: LimitGroup;
  }
}

export function limitGroupOf(route: { method: string; url: string; limit?: LimitGroup }): LimitGroup {
  if (route.limit) return route.limit;
  const row = ROUTE_GROUPS.find((r) => (!r.method || r.method === route.method) && r.url.test(route.url));
  return row?.group ?? 'standard';
}
