import type { UserResponse } from '@credimo/shared/contract';
import { formatPhone } from '@credimo/shared/format';
import { fill } from '@credimo/shared/i18n/fill';
import { shell as texts } from '@credimo/shared/i18n/screens/shell';

/**
 * What the banner of an operator's session says (SessionBar.tsx draws it, the server's first paint prints it):
 * an admin's impersonation, visibly marked, or an agent's assisted session; null for the customer's own session.
 */
export function sessionBannerText(user: Pick<UserResponse, 'session' | 'contacts'>): string | null {
  if (user.session.kind === 'customer') return null;
  const who = user.session.actor ?? '';
  const phone = formatPhone(user.contacts.mobile_phone);
  return user.session.kind === 'admin'
    ? fill(texts.adminSession, { who, phone })
    : fill(texts.agentSession, { who, phone });
}
