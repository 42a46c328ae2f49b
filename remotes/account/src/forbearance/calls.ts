import { call } from '@credimo/shared';
import type { DueDateChange, ForbearanceResponse, InstalmentPlanView } from '@credimo/shared/contract';

/** The forbearance calls, made only from its lazily loaded page. */
export const forbearanceCalls = {
  offer: (): Promise<ForbearanceResponse> => call('forbearance'),
  changeDueDate: (days: number, key: string): Promise<DueDateChange> =>
    call('dueDateChange', { body: { days, idempotency_key: key } }),
  agreePlan: (instalments: number, key: string): Promise<InstalmentPlanView> =>
    call('instalmentPlan', { body: { instalments, idempotency_key: key } }),
};

/** A key for one request the customer means to make: a double click or a retry is the same request. */
export function requestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
