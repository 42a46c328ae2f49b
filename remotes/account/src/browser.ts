/** Leaving the app for a provider's page (card acquirer, payment checkout): one place, so tests can observe it. */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
