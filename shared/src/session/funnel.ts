import { calls } from '../api/client';
import type { LogDataType } from '../contract/around';
import type { FunnelStep } from '../domain/funnel';

type LogContext = Record<string, string | number | boolean | null>;

/** A log line for the API's sink (SPEC section 7); never fails the caller, whose screen matters more. */
export function sendLog(type: LogDataType, message: string, context: LogContext = {}): Promise<void> {
  return calls.sendLogData({ type, message, context }).catch(() => {});
}

const emittedSteps = new Set<FunnelStep>();

/**
 * SPEC section 4: a funnel event at each step. A screen's step is sent once per page load (`once`), however often
 * it renders; clicks, promo checks and resends are sent each time they happen.
 */
export function emitFunnelStep(step: FunnelStep, context: LogContext = {}, { once = false } = {}): Promise<void> {
  if (once && emittedSteps.has(step)) return Promise.resolve();
  emittedSteps.add(step);
  return sendLog('funnel', step, context);
}

/** Tests start each page load afresh. */
export const forgetEmittedSteps = () => emittedSteps.clear();
