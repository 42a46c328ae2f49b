/**
 * style-loader's `insert` (webpack.config.ts): appends a CSS module's <style> tag carrying the page's CSP
 * nonce, which the customer app's server puts in `<meta property="csp-nonce">` (shell/server). Each remote
 * has its own webpack runtime, so the nonce is read from the page rather than from `__webpack_nonce__`.
 * On pages without it (a WordPress site) the tag is appended as before; that site's own policy applies.
 */
export default function insertStyle(element: HTMLElement): void {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Browsers hide the attribute once parsed; the property still holds the value.
  const nonce = meta?.nonce || meta?.getAttribute('nonce');
  if (nonce) element.setAttribute('nonce', nonce);
  document.head.appendChild(element);
}
