import { accountCalls } from '../calls';

/**
 * The customer's IBANs for the next loan (GET /v2/user/available_bank_accounts), read while rendering: the screen
 * suspends until they are known, so the account shows complete, as the server's first paint drew it (issue 17),
 * instead of the IBAN card arriving after the screen and pushing the offers below it down. One list per customer,
 * kept for the page's life and refreshed by the screen after it has shown (`refreshBankAccounts`).
 */
interface Accounts {
  userId: string;
  list: string[] | null;
  loadedAt: number;
  loading: Promise<void>;
}

let current: Accounts | null = null;

/** A list older than this is asked for again once the screen has shown. */
export const BANK_ACCOUNTS_FRESH_MS = 10_000;

function load(userId: string): Accounts {
  const accounts: Accounts = { userId, list: null, loadedAt: 0, loading: Promise.resolve() };
  accounts.loading = accountCalls.bankAccounts().then(
    (list) => {
      accounts.list = list;
      accounts.loadedAt = Date.now();
    },
    // A failed list is an empty one: the IBAN card is an offer, never a reason to hold the account back.
    () => {
      accounts.list = [];
      accounts.loadedAt = Date.now();
    },
  );
  return accounts;
}

/** The customer's IBANs; suspends (throws the pending load, as React.lazy does) until they are known. */
export function readBankAccounts(userId: string): string[] {
  if (current?.userId !== userId) current = load(userId);
  if (current.list === null) throw current.loading;
  return current.list;
}

/** The list again when the one shown is no longer fresh; resolves to null when the shown one is. */
export async function refreshBankAccounts(userId: string, now = Date.now()): Promise<string[] | null> {
  if (current?.userId === userId && current.list !== null && now - current.loadedAt < BANK_ACCOUNTS_FRESH_MS) {
    return null;
  }
  const next = load(userId);
  await next.loading;
  if (current === null || current.userId === userId) current = next;
  return next.list;
}

/** Tests: forget the list. */
export function resetBankAccounts(): void {
  current = null;
}
