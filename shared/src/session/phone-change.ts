import { calls, type SentCode } from '../api/client';
import { normaliseApiError } from '../api/errors';
import { clearSession } from './store';

export type PhoneChangeResult =
  | { kind: 'code-sent'; sent: SentCode }
  | { kind: 'signed-out'; phone: string }
  | { kind: 'error'; message: string; fieldError?: string | undefined };

/**
 * Change of number: an HTTP 422 logs out and goes to login with that phone (it belongs to
 * another account); other errors stay on the phone field. The caller navigates to /auth on 'signed-out'.
 */
export async function requestPhoneChange(phone: string): Promise<PhoneChangeResult> {
  try {
    return { kind: 'code-sent', sent: await calls.changePhone(phone) };
  } catch (error) {
    const problem = normaliseApiError(error);
    if (problem.status === 422) {
      clearSession();
      return { kind: 'signed-out', phone };
    }
    return { kind: 'error', message: problem.message, fieldError: problem.fieldErrors.mobile_phone };
  }
}
