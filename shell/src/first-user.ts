/**
 * A signed-in page's first GET /v2/user (started by bootstrap). A page's remote slots wait for it to settle, so
 * a screen drawn from the customer's data (the account) shows complete, under the redirect rules that data
 * decides, instead of empty first and then pushing the slots below it down (no layout shift).
 */
let settled = true;
let pending: Promise<void> = Promise.resolve();

export function awaitFirstUser(load: Promise<unknown>): void {
  settled = false;
  pending = load.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
}

/**
 * Suspends its Suspense boundary until the first user load has settled (answered or failed). The promise is
 * thrown, as React.lazy does: React's `use` did not retry the boundary here once it settled.
 */
export function FirstUser(): null {
  if (!settled) throw pending;
  return null;
}
