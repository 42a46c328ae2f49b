import { LoanStatus } from './loan-status';

/** The waiting countdown is 60 s while the loan is a Request, otherwise 180 s. */
export const WAITING_SECONDS_REQUEST = 60;
export const WAITING_SECONDS_OTHER = 180;
/** The user is polled every 5 s on the awaiting pages. */
export const AWAITING_POLL_MS = 5_000;
/** Elsewhere (the account and every page without a faster poll of its own) the user every 30 s. */
export const USER_POLL_DEFAULT_MS = 30_000;

export const waitingSeconds = (status: number) =>
  status === LoanStatus.Request ? WAITING_SECONDS_REQUEST : WAITING_SECONDS_OTHER;

/** Request or New mean "application complete"; AwaitingVerification means manual verification. */
export type WaitingTopic = 'applicationComplete' | 'manualVerification' | 'bankImport';

export function waitingTopic(status: number): WaitingTopic {
  if (status === LoanStatus.AwaitingVerification) return 'manualVerification';
  if (status === LoanStatus.AwaitingBankDataImport) return 'bankImport';
  return 'applicationComplete';
}

/** Seconds left of a countdown of `total` seconds that started at `startedAt` (ms), never below zero. */
export const secondsLeft = (total: number, startedAt: number, now: number) =>
  Math.max(0, total - Math.floor(Math.max(0, now - startedAt) / 1000));

/** mm:ss, as the countdowns show it. */
export const formatClock = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
