import { calls, endSessionRequests } from '../api/client';
import type { AgentDataResponse } from '../contract/identity';
import {
  accessTokenAtom,
  agentDataAtom,
  clearSession,
  loanAtom,
  sessionStore,
  setAccessToken,
  setImpersonationToken,
  userAtom,
} from './store';

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

/** An admin's login-as-user session: its token kept apart from the customer's (see setImpersonationToken). */
export async function signInAsAdmin(token: string, adminUsername: string) {
  setImpersonationToken(token, adminUsername);
  return refreshUser();
}

/** Revokes the session on the server (if it still answers) and forgets everything on this device. */
export async function logout(): Promise<void> {
  const token = sessionStore.get(accessTokenAtom);
  if (token) endSessionRequests(token);
  try {
    await calls.logout();
  } catch {
    // Already revoked or offline: the device is cleared all the same.
  }
  clearSession();
}

let agentDataLoading: Promise<AgentDataResponse | null> | null = null;

/** Loads the agent data once per session (GET /v2/user/agent_data); a failure leaves null. */
export function loadAgentData(): Promise<AgentDataResponse | null> {
  const known = sessionStore.get(agentDataAtom);
  if (known !== undefined) return Promise.resolve(known);
  agentDataLoading ??= calls
    .agentData()
    .then(
      (data) => data,
      () => null,
    )
    .then((data) => {
      sessionStore.set(agentDataAtom, data);
      agentDataLoading = null;
      return data;
    });
  return agentDataLoading;
}
