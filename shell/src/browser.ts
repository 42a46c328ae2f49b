import { exit } from '@credimo/shared';

/** Leaving the app for another origin (a short link's target) through the one allow-listed exit; tests replace it. */
export function leaveTo(url: string): boolean {
  return exit.to(url, { replace: true });
}

/** Reloading the page (a new version): one place, so tests can observe it. */
export function reloadPage(): void {
  window.location.reload();
}
