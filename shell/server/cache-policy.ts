/**
 * Federation entry points and HTML are revalidated on every load so a new deploy
 * is picked up; content-hashed chunks never change and are cached for a year.
 */
export const NO_CACHE = 'no-cache';
/** A page holding a customer's data (the account's first paint): kept by no cache, shared or not. */
export const PERSONAL = 'private, no-store';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const HASHED = /\.[0-9a-f]{8,}\.(js|css|mjs)$/;

export function cacheControlFor(file: string): string {
  const name = file.split('/').pop() ?? file;
  if (name === 'remoteEntry.js' || name === 'mf-manifest.json') return NO_CACHE;
  return HASHED.test(name) ? IMMUTABLE : NO_CACHE;
}
