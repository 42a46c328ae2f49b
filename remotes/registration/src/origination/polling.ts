import { refreshUser } from '@credimo/shared';
import { useEffect } from 'react';

/** Refreshes the user every `ms` while the screen is shown; the shell's redirect rules then move the customer on. */
export function useUserPolling(ms: number): void {
  useEffect(() => {
    const id = setInterval(() => void refreshUser().catch(() => {}), ms);
    return () => clearInterval(id);
  }, [ms]);
}
