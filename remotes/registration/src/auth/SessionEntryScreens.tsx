import {
  Alert,
  Button,
  calls,
  clearSession,
  messages,
  normaliseApiError,
  PATHS,
  type ScreenProps,
  setAgentSession,
  signIn,
  signInAsAdmin,
} from '@credimo/shared';
import { auth as texts } from '@credimo/shared/i18n/screens/auth';
import { useEffect, useRef, useState } from 'react';
import { narrowScreen } from '../screen';

/** Query parameters come in several spellings. */
const pick = (query: Record<string, string>, names: string[]) => names.map((n) => query[n]).find(Boolean) ?? '';

/** Runs an exchange once per mount, even under React's double effects in development. */
function useOnce(run: () => Promise<void>) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run();
  }, [run]);
}

/** A link missing its parameters: said as an invalid link, not as a network problem. */
class IncompleteLink extends Error {}

function ExchangeScreen({ screen, failure }: { screen: string; failure: string | null }) {
  return (
    <section className={narrowScreen} data-screen={screen} aria-labelledby={`${screen}-title`}>
      <h1 id={`${screen}-title`}>{failure ? texts.linkFailed : texts.openingSession}</h1>
      {failure && (
        <>
          <Alert tone="error">{failure}</Alert>
          <a href="/auth">{texts.backToAuth}</a>
        </>
      )}
    </section>
  );
}

function Exchange({ screen, run }: { screen: string; run: () => Promise<void> }) {
  const [failure, setFailure] = useState<string | null>(null);
  useOnce(async () => {
    try {
      await run();
    } catch (error) {
      setFailure(error instanceof IncompleteLink ? messages.linkInvalid : normaliseApiError(error).message);
    }
  });
  return <ExchangeScreen screen={screen} failure={failure} />;
}

/** Agent-session entry: the one-time session id of the link becomes a session tied to the agent. */
export function AuthSessionScreen({ query, navigate }: ScreenProps) {
  const sessionId = pick(query, ['sessionid', 'sessionId', 'session_id']);
  return (
    <Exchange
      screen="authSession"
      run={async () => {
        if (!sessionId) throw new IncompleteLink();
        clearSession();
        const { token } = await calls.agentCustomer(sessionId);
        setAgentSession(sessionId);
        await signIn(token);
        navigate(PATHS.account, { replace: true });
      }}
    />
  );
}

/** Only a path inside the app (never another site's address) is followed after a hand-off. */
export function safeAppPath(to: string | undefined): string {
  return to && /^\/(?![/\\])/.test(to) ? to : PATHS.account;
}

/**
 * A WordPress widget's customer arrives with a one-time code; it becomes this app's own session and the
 * customer goes on to the step the widget sent them to (the shell's redirect rules still apply there). The code
 * works only in the browser that asked for it: elsewhere the API refuses it and whoever is signed in here stays.
 * Over a session of another customer the person is asked first; keeping it goes on with that session.
 */
export function AuthHandoffScreen({ query, navigate }: ScreenProps) {
  const code = query.code ?? '';
  const to = safeAppPath(query.to);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const exchange = async (replace: boolean) => {
    try {
      if (!code) throw new IncompleteLink();
      const { token } = await calls.siteHandoffExchange(code, replace);
      clearSession();
      await signIn(token);
      navigate(to, { replace: true });
    } catch (error) {
      const refusal = normaliseApiError(error);
      if (refusal.status === 409) setAsking(true);
      else setFailure(error instanceof IncompleteLink ? messages.linkInvalid : refusal.message);
    }
  };
  useOnce(() => exchange(false));
  if (asking && !failure)
    return (
      <section className={narrowScreen} data-screen="authHandoff" aria-labelledby="authHandoff-title">
        <h1 id="authHandoff-title">{texts.otherSessionTitle}</h1>
        <p>{texts.otherSessionBody}</p>
        <Button onClick={() => void exchange(true)}>{texts.otherSessionReplace}</Button>
        <Button variant="secondary" onClick={() => navigate(to, { replace: true })}>
          {texts.otherSessionKeep}
        </Button>
      </section>
    );
  return <ExchangeScreen screen="authHandoff" failure={failure} />;
}

/** Admin login-as-user: the one-time signed api key becomes a marked, audited impersonation session. */
export function AccountAuthScreen({ query, navigate }: ScreenProps) {
  const apiKey = pick(query, ['apikey', 'apiKey']);
  const adminUsername = pick(query, ['adminUsername', 'adminusername', 'admin_username', 'AdminUsername']);
  return (
    <Exchange
      screen="accountAuth"
      run={async () => {
        if (!apiKey || !adminUsername) throw new IncompleteLink();
        clearSession();
        const { token } = await calls.adminLoginAs({ api_key: apiKey, admin_username: adminUsername });
        await signInAsAdmin(token, adminUsername);
        navigate(PATHS.account, { replace: true });
      }}
    />
  );
}
