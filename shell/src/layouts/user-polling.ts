import { accessTokenAtom, refreshUser, USER_POLL_DEFAULT_MS } from '@credimo/shared';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';

/**
 * The signed-in user is polled every 30 s on the account and by default (screens that wait for
 * something poll faster on their own). A refreshed user re-runs the redirect rules, so a loan that moved on, or a
 * block, moves the customer on too. A hidden tab skips its turn: nobody is looking, and the next one catches up.
 */
export function useDefaultUserPolling(enabled: boolean): void {
  const signedIn = useAtomValue(accessTokenAtom) !== null;
  useEffect(() => {
    if (!enabled || !signedIn) return;
    const id = setInterval(() => {
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
      void refreshUser().catch(() => {});
    }, USER_POLL_DEFAULT_MS);
    return () => clearInterval(id);
  }, [enabled, signedIn]);
}
