/**
 * Leaving the app for a payment provider's page: a full page load, never a route of the shell. One module, so
 * component tests replace it; the targets are checked against the allow-listed origins first.
 */
import { isAllowedRedirect } from '@credimo/shared';

export const browser = {
  /** Goes to the provider's checkout (card). */
  go(url: string): boolean {
    if (!isAllowedRedirect(url)) return false;
    window.location.assign(url);
    return true;
  },
  /** Posts the provider's fields to its action, as a form the browser submits (Bizum, SPEC section 7). */
  post(actionUrl: string, fields: Record<string, string>): boolean {
    if (!isAllowedRedirect(actionUrl)) return false;
    const form = document.createElement('form');
    form.method = 'post';
    form.action = actionUrl;
    form.enctype = 'multipart/form-data';
    form.hidden = true;
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
    return true;
  },
};
