import type { ApiConfig } from '../config';

/**
 * Fault injection for crash tests, sandbox mode only: with `CREDIMO_SIGKILL_AT=<point>` the process kills itself
 * (SIGKILL, no cleanup) when it reaches that point, e.g. `payment-callback` after a payment's postings are written
 * and before their transaction commits. Production ignores it.
 */
export function crashPoint(config: ApiConfig, point: string): void {
  if (config.providerMode === 'production' || process.env.CREDIMO_SIGKILL_AT !== point) return;
  process.kill(process.pid, 'SIGKILL');
}
