import {
  calls,
  clearChoice,
  disbursementIbanAtom,
  type LoanChoice,
  type LoanView,
  loadPricesWithStoredPromo,
  normaliseApiError,
  pricesKey,
  priceTablesAtom,
  readChoice,
  refreshUser,
  removeCookie,
  sessionIdAtom,
  sessionStore,
  storedTargetUrl,
} from '@credimo/shared';
import { markCreated } from './created';

/** Kept across reloads so a retried or repeated submit is the same attempt (the API answers it idempotently). */
export const ATTEMPT_KEY = 'credimo:attempt';

function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The attempt reference uses the session id as prefix. */
export function attemptReference(): string {
  const stored = localStorage.getItem(ATTEMPT_KEY);
  if (stored) return stored;
  const reference = `${sessionStore.get(sessionIdAtom) ?? 'web'}-${randomHex(12)}`;
  localStorage.setItem(ATTEMPT_KEY, reference);
  return reference;
}

export type ApplyOutcome =
  | { kind: 'created'; loan: LoanView }
  /** A stored amount and term are used only when present in the price options. */
  | { kind: 'notOffered' }
  | { kind: 'failed'; message: string };

let running: Promise<ApplyOutcome> | null = null;

/**
 * With the profile complete, no loan yet and a choice made earlier, the application is created
 * once. Guarded against a double run (two renders, two clicks): the same promise is shared while it runs.
 */
export function applyOnce(choice: LoanChoice): Promise<ApplyOutcome> {
  running ??= apply(choice).finally(() => {
    running = null;
  });
  return running;
}

/** The IBAN chosen on the account's selector goes with the application (bank account, method 1). */
function chosenIban(): { method_of_disbursement: 1; iban: string } | Record<string, never> {
  const iban = sessionStore.get(disbursementIbanAtom);
  return iban ? { method_of_disbursement: 1, iban } : {};
}

async function apply(choice: LoanChoice): Promise<ApplyOutcome> {
  try {
    const promocode = await loadPricesWithStoredPromo(choice.productId);
    const table = sessionStore.get(priceTablesAtom)[pricesKey(choice.productId, promocode)];
    if (table?.status === 'ready' && !table.prices[choice.term]?.[choice.amount]) {
      clearChoice();
      return { kind: 'notOffered' };
    }
    const loan = await calls.createLoan({
      loan_period: choice.term,
      loan_sum: choice.amount,
      attempt_reference: attemptReference(),
      ...(promocode ? { promocode } : {}),
      ...storedTargetUrl(),
      ...chosenIban(),
    });
    clearChoice();
    localStorage.removeItem(ATTEMPT_KEY);
    removeCookie('promoCode');
    markCreated(loan.id);
    await refreshUser();
    return { kind: 'created', loan };
  } catch (error) {
    const problem = normaliseApiError(error);
    if (problem.fieldErrors.loan_sum || problem.fieldErrors.loan_period) {
      clearChoice();
      return { kind: 'notOffered' };
    }
    return { kind: 'failed', message: problem.message };
  }
}

/**
 * Once the profile is complete, a choice made earlier becomes the application, once; the
 * user is then refreshed and the redirect rules lead on (to the waiting page, or to the account, whose
 * calculator asks for a choice).
 */
export async function afterProfileComplete(): Promise<void> {
  const choice = readChoice();
  if (choice && (await applyOnce(choice)).kind === 'created') return;
  await refreshUser();
}
