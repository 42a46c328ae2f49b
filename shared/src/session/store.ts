import { atom, createStore } from 'jotai';
import type { AgentDataResponse, UserResponse } from '../contract/identity';
import type { LoanView } from '../contract/loans';
import { readCookie, removeCookie, writeCookie } from './cookies';

/**
 * The one session store. `@credimo/shared` is a federated singleton, so every widget on a page
 * (shell, remotes, WordPress calculators) reads and writes this same store.
 */
export const sessionStore = createStore();

/** The token the API client sends: an admin's impersonation token while one lives, else the customer's. */
export const accessTokenAtom = atom<string | null>(readCookie('impersonateToken') ?? readCookie('accessToken'));
export const sessionIdAtom = atom<string | null>(readCookie('sessionId'));
/** The signed-in user as `GET /v2/user` returns it; null when signed out or not loaded. */
export const userAtom = atom<UserResponse | null>(null);
/** The current application or loan (GET /v2/user carries it). */
export const loanAtom = atom<LoanView | null>(null);
/** The calculator's choice, kept until the application is created (used only if still offered). */
export const CHOICE_KEY = 'credimo:calculator';

export interface LoanChoice {
  productId: number;
  /** Cents. */
  amount: number;
  /** Days. */
  term: number;
}

export const isLoanChoice = (value: unknown): value is LoanChoice =>
  typeof value === 'object' &&
  value !== null &&
  Number.isInteger((value as LoanChoice).productId) &&
  Number.isInteger((value as LoanChoice).amount) &&
  Number.isInteger((value as LoanChoice).term);

export function readStoredChoice(): LoanChoice | null {
  try {
    const value: unknown = JSON.parse(globalThis.localStorage?.getItem(CHOICE_KEY) ?? 'null');
    return isLoanChoice(value) ? value : null;
  } catch {
    return null;
  }
}

/** Shared by every remote: the calculator writes it, the application step reads it. */
export const loanChoiceAtom = atom<LoanChoice | null>(readStoredChoice());
/**
 * An agent-registered customer's calculator defaults come from the agent data
 * (GET /v2/user/agent_data); undefined until asked, null when it could not be loaded.
 */
export const agentDataAtom = atom<AgentDataResponse | null | undefined>(undefined);
export const impersonationAtom = atom<{ adminUsername: string } | null>(null);
export const specialOfferAtom = atom<boolean>(false);
export const pricesAtom = atom<Record<string, unknown> | null>(null);
export interface Notification {
  id: string;
  message: string;
  severity: 'warning' | 'error' | 'success' | 'info';
  /** Epoch ms after which the alert is gone (90 s, or 60 s after a route change). */
  expiresAt?: number;
}
export const notificationsAtom = atom<Notification[]>([]);

/**
 * The IBAN chosen on the account's IBAN selector for the next loan (sent in the create
 * payload, spaces removed); null when none is chosen or a new IBAN will be given.
 */
export const disbursementIbanAtom = atom<string | null>(null);

export function setAccessToken(token: string): void {
  writeCookie('accessToken', token);
  sessionStore.set(accessTokenAtom, token);
}

/** The API's admin session lifetime (api/src/identity/rules.ts SESSION_RULES.adminMinutes). */
export const IMPERSONATION_MINUTES = 60;
const IMPERSONATION_ENDS_KEY = 'credimo:impersonation-ends';
let impersonationTimer: ReturnType<typeof setTimeout> | null = null;

/** Ends the impersonation in this browser when the API ends it: the session is cleared, the app shows sign-in. */
function scheduleImpersonationEnd(endsAt: number): void {
  if (impersonationTimer) clearTimeout(impersonationTimer);
  impersonationTimer = setTimeout(clearSession, Math.max(0, endsAt - Date.now()));
}

/**
 * The admin's impersonation token is kept separately: it lives in its own cookie of 60 minutes, never in
 * the customer's 40-day one, and is ended here when the API ends it.
 */
export function setImpersonationToken(token: string, adminUsername: string, now = Date.now()): void {
  const endsAt = now + IMPERSONATION_MINUTES * 60_000;
  writeCookie('impersonateToken', token);
  globalThis.localStorage?.setItem(IMPERSONATION_ENDS_KEY, String(endsAt));
  sessionStore.set(accessTokenAtom, token);
  sessionStore.set(impersonationAtom, { adminUsername });
  scheduleImpersonationEnd(endsAt);
}

/** After a reload during an impersonation: its end is scheduled again (or it is over already). */
export function resumeImpersonation(now = Date.now()): void {
  if (!readCookie('impersonateToken')) return;
  const endsAt = Number(globalThis.localStorage?.getItem(IMPERSONATION_ENDS_KEY));
  if (!endsAt || endsAt <= now) clearSession();
  else scheduleImpersonationEnd(endsAt);
}

/** The agent-session entry stores the session id (cookie of 1 day). */
export function setAgentSession(sessionId: string): void {
  writeCookie('sessionId', sessionId);
  sessionStore.set(sessionIdAtom, sessionId);
}

/** localStorage keys written by the product; SMS timers use the `es-timer` prefix. */
export const STORED_META_PREFIXES = ['es-timer', 'credimo:'] as const;

/**
 * On logout (and on any 401) tokens, session id, special-offer flag and stored meta
 * are cleared and user state is reset.
 */
export function clearSession(): void {
  removeCookie('accessToken');
  removeCookie('impersonateToken');
  removeCookie('sessionId');
  if (impersonationTimer) clearTimeout(impersonationTimer);
  impersonationTimer = null;
  if (typeof localStorage !== 'undefined') {
    for (const key of Object.keys(localStorage)) {
      if (STORED_META_PREFIXES.some((prefix) => key.startsWith(prefix))) localStorage.removeItem(key);
    }
  }
  sessionStore.set(accessTokenAtom, null);
  sessionStore.set(sessionIdAtom, null);
  sessionStore.set(userAtom, null);
  sessionStore.set(loanAtom, null);
  sessionStore.set(loanChoiceAtom, null);
  sessionStore.set(impersonationAtom, null);
  sessionStore.set(agentDataAtom, undefined);
  sessionStore.set(specialOfferAtom, false);
  sessionStore.set(notificationsAtom, []);
  sessionStore.set(disbursementIbanAtom, null);
}

resumeImpersonation();
