import { exit } from '@credimo/shared';

/**
 * Leaving the app for a payment provider's page, through the app's one allow-listed exit. One module, so component
 * tests replace it.
 */
export const browser = {
  /** Goes to the provider's checkout (card). */
  go: (url: string): boolean => exit.to(url),
  /** Posts the provider's fields to its action (Bizum). */
  post: (actionUrl: string, fields: Record<string, string>): boolean => exit.post(actionUrl, fields),
};
