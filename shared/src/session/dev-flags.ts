import { atom } from 'jotai';
import { sessionStore } from './store';

/**
 * The developer menu's feature flags. They live on this device only (local storage) and exist
 * only where a build has the developer menu: a production build without it never sets them.
 */
export interface DevFlags {
  /** The redirect rules are skipped (any registration or application screen opens). */
  stepperDisabled: boolean;
  /** Forms submit without their validation rules ("Forms may have validation disabled by a flag"). */
  validationDisabled: boolean;
  /** Loan creation is refused (the developer menu's flag). */
  createLoanDisabled: boolean;
  /** The liveness step counts as passed, so the photo verification never waits for it. */
  livenessDisabled: boolean;
}

export const DEV_FLAG_NAMES = [
  'stepperDisabled',
  'validationDisabled',
  'createLoanDisabled',
  'livenessDisabled',
] as const;

export const NO_DEV_FLAGS: DevFlags = {
  stepperDisabled: false,
  validationDisabled: false,
  createLoanDisabled: false,
  livenessDisabled: false,
};

/** Not under the session's 'credimo:' prefix: logging out keeps a developer's flags. */
export const DEV_FLAGS_KEY = 'credimo-dev-flags';

/**
 * The stored flags; anything unreadable or unknown is off. A page whose storage is refused (a frame on another
 * site, such as the content editor's preview in WordPress admin: reading localStorage throws) has none.
 */
export function readDevFlags(storage?: Pick<Storage, 'getItem'>): DevFlags {
  try {
    const from = storage ?? globalThis.localStorage;
    const stored = JSON.parse(from?.getItem(DEV_FLAGS_KEY) ?? '{}') as Record<string, unknown>;
    return Object.fromEntries(DEV_FLAG_NAMES.map((name) => [name, stored[name] === true])) as unknown as DevFlags;
  } catch {
    return { ...NO_DEV_FLAGS };
  }
}

export const devFlagsAtom = atom<DevFlags>(readDevFlags());

export function setDevFlag(name: keyof DevFlags, on: boolean): void {
  const next = { ...sessionStore.get(devFlagsAtom), [name]: on };
  sessionStore.set(devFlagsAtom, next);
  try {
    globalThis.localStorage?.setItem(DEV_FLAGS_KEY, JSON.stringify(next));
  } catch {
    // Storage refused (private mode): the flag holds for this page only.
  }
}

export const devFlags = (): DevFlags => sessionStore.get(devFlagsAtom);

/**
 * A form's validation rules, or none while the developer menu's flag disables validation ("Forms
 * may have validation disabled by a flag"): the API's own rules still answer.
 */
export function formValidation<S>(schema: S): S | undefined {
  return devFlags().validationDisabled ? undefined : schema;
}
