/** The identity rules (sign-in, codes, sessions), as numbers in one place. */
export const CODE_RULES = {
  digits: 4,
  validSeconds: 5 * 60,
  maxWrongTries: 5,
  resendAfterSeconds: 90,
  /** The WhatsApp option appears 30 s after a code. */
  whatsappAfterSeconds: 30,
  perPhonePerHour: 5,
  perAddressPerHour: 30,
  /**
   * Wrong tries in any 24 hours before a phone's codes are neither sent nor checked for the rest of those 24 hours
   * (the customer is told by SMS): at most 10 guesses of 10,000 a day, 0.1 %, against one account.
   */
  wrongTriesPerPhonePerDay: 10,
  /** The same across every phone tried from one address: at most 0.6 % a day of guessing any one code. */
  wrongTriesPerAddressPerDay: 60,
} as const;

export const SESSION_RULES = {
  /** The access token lives 40 days. */
  absoluteDays: 40,
  /** A session unused this long ends (stated in docs/security.md). */
  idleDays: 14,
  /** last_seen_at is written at most this often, to keep reads cheap. */
  touchEverySeconds: 60,
  adminMinutes: 60,
} as const;

export const HANDOFF_RULES = {
  agentLinkMinutes: 10,
  /** Admin links are valid at most 15 minutes. */
  adminLinkMinutes: 15,
  /** A WordPress widget hands its session to the app (another origin) with a code good for 60 s, once. */
  siteCodeSeconds: 60,
  /** The hand-off cookie that binds a code to the browser that asked for it: renewed with each code. */
  siteBrowserSeconds: 600,
  /** A page the browser opens itself (card payment, Bizum, card form) is opened with a code good for 60 s, once. */
  linkCodeSeconds: 60,
} as const;
