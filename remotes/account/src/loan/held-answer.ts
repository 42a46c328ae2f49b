/**
 * An answer the account screen reads while rendering: the screen suspends (throws the pending call,
 * as React.lazy does) until the answer is known, so every card shows at once, where the server's first paint
 * drew it, instead of arriving after the screen and pushing what is below it down. One answer per key (a
 * customer, a loan's state) is kept for the page's life; the card asks again after it has shown, when the kept
 * answer is no longer fresh or its key changed (`refresh`), without suspending again.
 */
export interface HeldAnswer<T> {
  /** Starts asking for this key's answer without waiting (cards read side by side ask at once, not in turn). */
  preload(key: string): void;
  /** The answer for this key; suspends until it is known. */
  read(key: string): T;
  /**
   * The answer again when the kept one is stale or another key's; undefined when the kept one is still fresh, or
   * when asking again failed (what is shown stays: a passing network error must not take a card away).
   */
  refresh(key: string, now?: number): Promise<T | undefined>;
  /** Tests: forget the kept answer. */
  reset(): void;
}

interface Kept<T> {
  key: string;
  known: boolean;
  failed: boolean;
  value: T;
  loadedAt: number;
  loading: Promise<void>;
}

/** An answer older than this is asked for again once the screen has shown. */
export const ANSWER_FRESH_MS = 10_000;

/**
 * `ask` is the call; `onFailure` what a failed call counts as (an offer's card is never a reason to hold the
 * account back, so a failure is an answer too: no card).
 */
export function heldAnswer<T>(ask: () => Promise<T>, onFailure: () => T, freshMs = ANSWER_FRESH_MS): HeldAnswer<T> {
  let current: Kept<T> | null = null;

  const load = (key: string): Kept<T> => {
    const kept = { key, known: false, failed: false, loadedAt: 0, loading: Promise.resolve() } as Kept<T>;
    const settle = (value: T, failed: boolean) => {
      kept.value = value;
      kept.known = true;
      kept.failed = failed;
      kept.loadedAt = Date.now();
    };
    kept.loading = ask().then(
      (value) => settle(value, false),
      () => settle(onFailure(), true),
    );
    return kept;
  };

  return {
    preload(key) {
      if (current?.key !== key) current = load(key);
    },
    read(key) {
      if (current?.key !== key) current = load(key);
      if (!current.known) throw current.loading;
      return current.value;
    },
    async refresh(key, now = Date.now()) {
      if (current?.key === key && current.known && now - current.loadedAt < freshMs) return undefined;
      const next = load(key);
      await next.loading;
      if (next.failed) return undefined;
      // Kept unless a read of another key is still on its way (that newer read wins).
      if (current === null || current.key === key || current.known) current = next;
      return next.value;
    },
    reset() {
      current = null;
    },
  };
}
