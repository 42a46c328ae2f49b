import { userAtom } from '@credimo/shared';
import { atom } from 'jotai';
import { accountCalls } from '../calls';
import { cardAnswer } from './answer';

/**
 * The customer's IBANs for the next loan (GET /v2/user/available_bank_accounts), read while rendering: the screen
 * suspends until they are known (answer.ts), so the IBAN card is there when the account shows, as the server's
 * first paint drew it. One list per customer; a failed list is an empty one.
 */
export const bankAccounts = cardAnswer<string[]>(
  atom((get) => get(userAtom)?.id ?? null),
  () => accountCalls.bankAccounts(),
  [],
);
