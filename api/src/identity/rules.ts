/** The identity rules of issue 3 and SPEC section 9, as numbers in one place. */
export const CODE_RULES = {
  digits: 4,
  validSeconds: 5 * 60,
  maxWrongTries: 5,
  resendAfterSeconds: 90,
  /** SPEC section 9: the WhatsApp option appears 30 s after a code. */
  whatsappAfterSeconds: 30,
  perPhonePerHour: 5,
  perAddressPerHour: 30,
} as const;

export const SESSION_RULES = {
  /** SPEC section 9: the access token lives 40 days. */
  absoluteDays: 40,
  /** A session unused this long ends (stated in the README). */
  idleDays: 14,
  /** last_seen_at is written at most this often, to keep reads cheap. */
  touchEverySeconds: 60,
  adminMinutes: 60,
} as const;

export const HANDOFF_RULES = {
  agentLinkMinutes: 10,
  /** Issue 3: admin links are valid at most 15 minutes. */
  adminLinkMinutes: 15,
  /** Issue 12: a WordPress widget hands its session to the app (another origin) with a code good for 60 s, once. */
  siteCodeSeconds: 60,
} as const;
