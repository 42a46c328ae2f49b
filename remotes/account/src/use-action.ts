import { normaliseApiError } from '@credimo/shared';
import { useState } from 'react';

/** What a card tells the customer after an action: done, or why not. */
export type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * One action at a time on a card: buttons are held while it runs, and a refusal becomes the card's notice in the
 * API's own words. The action may set a success notice itself.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setNotice(null);
    try {
      await work();
    } catch (failure) {
      setNotice({ tone: 'error', text: normaliseApiError(failure).message });
    } finally {
      setBusy(false);
    }
  };
  return { busy, notice, setNotice, act };
}
