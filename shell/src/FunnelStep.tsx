import { emitFunnelStep, FUNNEL_STEP_OF_ROUTE } from '@credimo/shared';
import { useEffect } from 'react';

/** Arriving on a screen that is a step of the funnel sends its event (once per page load). */
export function FunnelStep({ route }: { route: string }) {
  useEffect(() => {
    const step = FUNNEL_STEP_OF_ROUTE[route];
    if (step) void emitFunnelStep(step, { route }, { once: true });
  }, [route]);
  return null;
}
