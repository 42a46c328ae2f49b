import type { MessageKey } from '../i18n/messages';

/** SMS codes have 4 digits. */
export const SMS_CODE_LENGTH = 4;
/** Resend timer 90 s; the WhatsApp option after 30 s. */
export const SMS_RESEND_SECONDS = 90;
export const WHATSAPP_OPTION_SECONDS = 30;

/** SMS code: required, digits only, 4 long. */
export function smsCodeProblem(code: string | null | undefined): MessageKey | null {
  if (!code) return 'fieldRequired';
  if (!/^\d*$/.test(code)) return 'onlyNumbers';
  if (code.length !== SMS_CODE_LENGTH) return 'minLengthField';
  return null;
}
