import { accountCalls } from '../calls';
import { ANSWER_FRESH_MS, heldAnswer } from './held-answer';

/**
 * The customer's IBANs for the next loan (GET /v2/user/available_bank_accounts), read while rendering: the screen
 * suspends until they are known (held-answer.ts), so the IBAN card is there when the account shows, as the
 * server's first paint drew it. One list per customer; a failed list is an empty one.
 */
const bankAccounts = heldAnswer<string[]>(
  () => accountCalls.bankAccounts(),
  () => [],
);

/** A list older than this is asked for again once the screen has shown. */
export const BANK_ACCOUNTS_FRESH_MS = ANSWER_FRESH_MS;

/** The customer's IBANs; suspends until they are known. */
export const readBankAccounts = (userId: string): string[] => bankAccounts.read(userId);

/** The list again when the one shown is no longer fresh; resolves to null when the shown one is. */
export async function refreshBankAccounts(userId: string, now = Date.now()): Promise<string[] | null> {
  return (await bankAccounts.refresh(userId, now)) ?? null;
}

/** Tests: forget the list. */
export const resetBankAccounts = (): void => bankAccounts.reset();
