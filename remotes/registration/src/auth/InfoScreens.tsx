import { Alert, exit, isAllowedRedirect, PATHS, refreshUser, type ScreenProps, userAtom } from '@credimo/shared';
import { auth as texts } from '@credimo/shared/i18n/screens/auth';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { narrowScreen } from '../screen';

function Info({ screen, title, body }: { screen: string; title: string; body: string }) {
  return (
    <section className={narrowScreen} data-screen={screen} aria-labelledby={`${screen}-title`}>
      <h1 id={`${screen}-title`}>{title}</h1>
      <p>{body}</p>
      <p>
        <a href={`tel:${texts.supportPhone.replace(/\s/g, '')}`}>{texts.supportPhone}</a>
      </p>
    </section>
  );
}

export const AuthFallbackScreen = () => (
  <Info screen="authFallback" title={texts.fallbackTitle} body={texts.fallbackBody} />
);

export const ForbiddenScreen = () => (
  <Info screen="forbidden" title={texts.forbiddenTitle} body={texts.forbiddenBody} />
);

/** A blocked user is polled every 20 s and leaves this page once unblocked. */
export const BLOCKED_POLL_MS = 20_000;

export function BlockedScreen({ navigate }: ScreenProps) {
  const user = useAtomValue(userAtom);
  const signedIn = user !== null;
  useEffect(() => {
    // Only a signed-in customer has a user to poll (one refused at sign-in has no session).
    if (!signedIn) return;
    const id = setInterval(() => void refreshUser().catch(() => {}), BLOCKED_POLL_MS);
    return () => clearInterval(id);
  }, [signedIn]);
  useEffect(() => {
    if (user && !user.permissions.is_blocked) navigate(PATHS.account, { replace: true });
  }, [user, navigate]);
  return <Info screen="blocked" title={texts.blockedTitle} body={texts.blockedBody} />;
}

/** The scopes the generic redirect carries on to its target. */
export const REDIRECT_SCOPES = ['token', 'fallback', 'payment_type', 'promocode'] as const;

/** Builds the onward address, or null when the target is missing or not allow-listed. */
export function redirectTarget(query: Record<string, string>): string | null {
  const target = query.target;
  if (!target || !isAllowedRedirect(target)) return null;
  const url = new URL(target, window.location.href);
  for (const scope of REDIRECT_SCOPES) {
    if (query[scope]) url.searchParams.set(scope, query[scope]);
  }
  return url.toString();
}

export function RedirectScreen({ query, navigate }: ScreenProps) {
  useEffect(() => {
    const target = redirectTarget(query);
    if (!target || !exit.to(target)) navigate(PATHS.authFallback, { replace: true });
  }, [query, navigate]);
  return (
    <section className={narrowScreen} data-screen="redirect">
      <Alert tone="info">{texts.redirecting}</Alert>
    </section>
  );
}
