/** Leaving the app for another origin (short links, payment providers): one place, so tests can observe it. */
export function leaveTo(url: string): void {
  window.location.replace(url);
}

/** Reloading the page (a new version): one place, so tests can observe it. */
export function reloadPage(): void {
  window.location.reload();
}
