import { readCookie, removeCookie, sessionStore, writeCookie } from '@credimo/shared';
import { atom } from 'jotai';

/**
 * SPEC section 6: the developer menu's feature flags. Built so far: disabling the registration stepper (the
 * redirect rules); validation, loan creation and liveness switches are not built yet. A flag changes only
 * what this browser does: the API applies every rule regardless.
 */
export const DEV_FLAGS = ['stepperDisabled'] as const;
export type DevFlag = (typeof DEV_FLAGS)[number];
export type DevFlags = Partial<Record<DevFlag, boolean>>;

/** Kept apart from the `credimo:` meta that a logout clears: a developer's switches outlive a session. */
export const DEV_FLAGS_KEY = 'credimo-dev:flags';

export function readDevFlags(): DevFlags {
  try {
    const stored: unknown = JSON.parse(globalThis.localStorage?.getItem(DEV_FLAGS_KEY) ?? '{}');
    if (typeof stored !== 'object' || stored === null) return {};
    return Object.fromEntries(DEV_FLAGS.filter((flag) => (stored as DevFlags)[flag] === true).map((f) => [f, true]));
  } catch {
    return {};
  }
}

export const devFlagsAtom = atom<DevFlags>(readDevFlags());

export function setDevFlag(flag: DevFlag, on: boolean): void {
  const next: DevFlags = { ...sessionStore.get(devFlagsAtom) };
  if (on) next[flag] = true;
  else delete next[flag];
  globalThis.localStorage?.setItem(DEV_FLAGS_KEY, JSON.stringify(next));
  sessionStore.set(devFlagsAtom, next);
}

/** SPEC section 6: the developer menu is toggled by the backtick or tilde key, or shown by its cookie (30 days). */
export const isDevMenuKey = (event: { key: string }) => event.key === '`' || event.key === '~';
export const devMenuCookieSet = () => readCookie('devMenu') === '1';

export function keepDevMenuOpen(open: boolean): void {
  if (open) writeCookie('devMenu', '1');
  else removeCookie('devMenu');
}
