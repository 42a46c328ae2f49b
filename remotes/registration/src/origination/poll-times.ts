/** How often a screen refreshes the user, in milliseconds, by what it waits for. */
export const USER_POLL_MS = {
  /** The shell polls every signed-in page at this pace (shell/src/layouts/user-polling.ts). */
  default: 30_000,
  blocked: 20_000,
  sign: 7_000,
  autoDebit: 7_000,
  bankVerification: 3_000,
  awaiting: 5_000,
  photoVerification: 30_000,
  livenessPending: 5_000,
  /** GET /v2/user/available_bank_accounts while it is still empty. */
  bankAccounts: 3_000,
} as const;
