/** Leaving the app for another origin (short links, payment providers): one place, so tests can observe it. */
export function leaveTo(url: string): void {
  window.location.replace(url);
}

/** After the developer menu switches the API: the app starts again against it. */
export function reloadPage(): void {
  window.location.reload();
}
