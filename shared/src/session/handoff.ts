import { calls } from '../api/client';
import { AUTH_HANDOFF_PATH } from '../paths';
import { accessTokenAtom, sessionStore } from './store';

/**
 * A WordPress widget sends its customer into the app, which is another origin (www.credimo.es and
 * app.credimo.es; locally other ports). Signed in, the page asks the API for a one-time code good for 60 s and
 * opens the app's `/auth/handoff` with it and the next path; the app exchanges the code for a session of its own.
 * The session token never travels in an address. Signed out, the app opens at the path itself.
 * Returns the address to open; `leave` opens it (a full page load).
 */
export async function handOffToApp(appUrl: string, path: string, leave: (address: string) => void): Promise<string> {
  const base = appUrl.replace(/\/+$/, '');
  let address = `${base}${path}`;
  if (sessionStore.get(accessTokenAtom)) {
    const { code } = await calls.siteHandoff();
    address = `${base}${AUTH_HANDOFF_PATH}?code=${encodeURIComponent(code)}&to=${encodeURIComponent(path)}`;
  }
  leave(address);
  return address;
}
