import { isAllowedRedirect } from './address';

/**
 * The one way out of the app to another page (a provider's checkout, its capture or card page, a short link's
 * target): a full page load, and only to an allow-listed origin (this page's, the API's, the content site's).
 * Answers false, going nowhere, for any other address. An object, so component tests can watch it.
 */
export const exit = {
  to(url: string, options: { replace?: boolean } = {}): boolean {
    if (!isAllowedRedirect(url)) return false;
    if (options.replace) window.location.replace(url);
    else window.location.assign(url);
    return true;
  },

  /** Posts fields to a provider's page, as a form the browser submits (Bizum). */
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
