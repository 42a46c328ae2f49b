import { calls } from '../api/client';
import { clearSession, loanAtom, sessionStore, setAccessToken, userAtom } from './store';

/** Loads the signed-in user into the store; a 401 on the way logs out (the client's interceptor). */
export async function refreshUser() {
  const user = await calls.user();
  sessionStore.set(userAtom, user);
  sessionStore.set(loanAtom, user.loan);
  return user;
}

/** Keeps a new session's token and loads its user. */
export async function signIn(token: string) {
  setAccessToken(token);
  return refreshUser();
}

/** Revokes the session on the server (if it still answers) and forgets everything on this device. */
export async function logout(): Promise<void> {
  try {
    await calls.logout();
  } catch {
    // Already revoked or offline: the device is cleared all the same.
  }
  clearSession();
}
