import { accessTokenAtom } from '@credimo/shared';
import { type Atom, atom, type PrimitiveAtom, useAtomValue, useSetAtom } from 'jotai';
import { useDeferredValue, useEffect } from 'react';

/** An answer older than this is asked for again when a card shows it. */
export const ANSWER_FRESH_MS = 10_000;

/** What the server answered (or what a failed call counts as), when, and in which session. */
export interface Answer<T> {
  value: T;
  at: number;
  session: string | null;
}

/**
 * An answer an account card is drawn from, kept in the session's store. `answer` is an async atom: reading it asks
 * (preload: the screen reads both offers before its cards, so they are asked side by side, not in turn) and it
 * asks again when its key, the session or `round` changes: one answer per key.
 */
export interface CardAnswer<T> {
  answer: Atom<Promise<Answer<T>>>;
  /** The same promise, unopened, so that a card that has shown an answer can keep it while the next one comes. */
  pending: Atom<{ answer: Promise<Answer<T>> }>;
  /** Bumped to ask again for the same key. */
  round: PrimitiveAtom<number>;
}

/** Answers known so far, by the call that brought them: a card reads a known one at once. */
const known = new WeakMap<Promise<unknown>, unknown>();

/**
 * `key` names what the answer depends on (null: nothing to ask, e.g. signed out); `ask` is the call; `none` what a
 * failed first call counts as (an offer's card is never a reason to hold the account back: no card).
 */
export function cardAnswer<T>(key: Atom<string | null>, ask: () => Promise<T>, none: T): CardAnswer<T> {
  const round = atom(0);
  const answer: Atom<Promise<Answer<T>>> = atom(async (get) => {
    get(round);
    const session = get(accessTokenAtom);
    const forKey = get(key);
    let before: Promise<Answer<T>> | undefined;
    try {
      // The atom's own value: the answer this call replaces.
      before = get(answer);
    } catch {
      // The page's first call: nothing was shown before it.
    }
    // A passing network error must not take a card away, but another session's answer is never shown.
    const failed = async (): Promise<Answer<T>> => {
      const shown = await before;
      return shown?.session === session ? shown : { value: none, at: Date.now(), session };
    };
    // Signed out (a logout clears the token before the loan): no call without a session.
    if (session === null || forKey === null) return failed();
    try {
      return { value: await ask(), at: Date.now(), session };
    } catch {
      return failed();
    }
  });
  const pending = atom((get) => {
    const call = get(answer);
    // Registered before React waits for it, so the render React then tries again finds the answer known.
    void call.then((settled) => known.set(call, settled));
    return { answer: call };
  });
  return { answer, pending, round };
}

/**
 * The value a card is drawn from. Its first read suspends the screen until the answer is known, so every card shows
 * at once, where the server's first paint drew it. Once shown, a new key's answer (or one asked again) replaces it
 * when it arrives: a deferred value that suspends keeps the shown one (React), so nothing is taken away meanwhile.
 * A card that shows an answer older than ANSWER_FRESH_MS asks for it again.
 */
export function useAnswer<T>({ pending, round }: CardAnswer<T>): T {
  const { answer } = useDeferredValue(useAtomValue(pending));
  const shown = known.get(answer) as Answer<T> | undefined;
  const askAgain = useSetAtom(round);
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again when the card shows, not on each answer
  useEffect(() => {
    if (shown && Date.now() - shown.at >= ANSWER_FRESH_MS) askAgain((n) => n + 1);
  }, []);
  // Thrown, as React.lazy does: React's `use` is not tried again once the answer settles in a synchronous render.
  if (!shown) throw answer;
  return shown.value;
}
