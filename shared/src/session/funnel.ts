import { api, calls } from '../api/client';
import type { LogDataType } from '../contract/client-log';
import { type FunnelStep, funnelStepOfCall } from '../domain/funnel';

type LogContext = Record<string, string | number | boolean | null>;

/** A log line for the API's sink; never fails the caller, whose screen matters more. */
export function sendLog(type: LogDataType, message: string, context: LogContext = {}): Promise<void> {
  return calls.sendLogData({ type, message, context }).catch(() => {});
}

const emittedSteps = new Set<FunnelStep>();

/**
 * A funnel event at each step. A screen's step is sent once per page load (`once`), however often
 * it renders; clicks, promo checks and resends are sent each time they happen.
 */
export function emitFunnelStep(step: FunnelStep, context: LogContext = {}, { once = false } = {}): Promise<void> {
  if (once && emittedSteps.has(step)) return Promise.resolve();
  emittedSteps.add(step);
  return sendLog('funnel', step, context);
}

/** Tests start each page load afresh. */
export const forgetEmittedSteps = () => emittedSteps.clear();

/**
 * The funnel events that are calls (code confirmed, SMS resend, promo success or failure, prolongation and
 * repayment clicks): sent after the call succeeds (or, for a promo code, is refused), from the one API client, so
 * no screen has to remember them.
 * Called once by the host after configureApi.
 */
export function startFunnel(): void {
  api().interceptors.response.use(
    (response) => {
      const step = funnelStepOfCall({
        method: response.config.method ?? 'get',
        path: response.config.url ?? '',
        request: response.config.data,
        response: response.data,
      });
      if (step) void emitFunnelStep(step);
      return response;
    },
    (error: unknown) => {
      // A refusal the API answered (an invalid promo code is 422) may be a step of its own; a lost connection is not.
      const failed = error as { config?: { method?: string; url?: string; data?: unknown }; response?: unknown };
      if (failed.response && failed.config) {
        const step = funnelStepOfCall({
          method: failed.config.method ?? 'get',
          path: failed.config.url ?? '',
          request: failed.config.data,
          refused: true,
        });
        if (step) void emitFunnelStep(step);
      }
      return Promise.reject(error);
    },
  );
}
