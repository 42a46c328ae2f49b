/** Set by the runner (`e2e/run.ts`) for its lanes' worker processes, whose files share one browser (`browser.ts`). */
export const SHARED_BROWSER_VARIABLE = 'E2E_SHARED_BROWSER';
