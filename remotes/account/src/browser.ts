import { exit } from '@credimo/shared';

/** Leaving the app for a provider's page (the card acquirer), through the one allow-listed exit; tests replace it. */
export function leaveTo(url: string): boolean {
  return exit.to(url);
}
