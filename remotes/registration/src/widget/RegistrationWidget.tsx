import {
  Alert,
  accessTokenAtom,
  Button,
  configureCaptcha,
  handOffToApp,
  normaliseApiError,
  PATHS,
  ROUTES,
  redirectFor,
  refreshUser,
  type ScreenProps,
  toRedirectLoan,
  toRedirectUser,
  userAtom,
} from '@credimo/shared';
import { useAtomValue } from 'jotai';
import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { AuthConfirmScreen } from '../auth/AuthConfirmScreen';
import { AuthScreen } from '../auth/AuthScreen';
import { AdditionalInformationScreen } from '../profile/AdditionalInformationScreen';
import { PersonalDataScreen } from '../profile/PersonalDataScreen';
import { narrowScreen } from '../screen';
import styles from './widget.module.css';

/**
 * The inline registration on a WordPress page: the sign-in (phone, then the SMS code) and the two profile
 * steps, the registration remote's own screens, switched inside the widget. Any other step the screens or the
 * redirect rules lead to is the app's: the customer is handed over to it (handOffToApp) at that step.
 */
export const WIDGET_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  auth: AuthScreen,
  authConfirm: AuthConfirmScreen,
  registrationPersonalData: PersonalDataScreen,
  registrationAdditionalInformation: AdditionalInformationScreen,
};

/** The steps of the redirect rules the widget guards as the shell does (the signed-in ones). */
const GUARDED = ['registrationPersonalData', 'registrationAdditionalInformation'];

const pathOf = (route: string) => ROUTES.find((r) => r.name === route)?.path ?? PATHS.account;
const routeOf = (path: string) => ROUTES.find((r) => r.kind === 'screen' && r.path === path.split('?')[0])?.name;

export interface RegistrationWidgetProps extends ScreenProps {
  /** The customer app's address (the WordPress settings' app URL, passed by the loader). */
  applyUrl?: string;
  /** The app's reCAPTCHA site key from its config.json (the loader passes it), for the sign-in's token. */
  recaptchaSiteKey?: string;
}

interface Place {
  screen: string;
  state?: unknown;
}

export function RegistrationWidget({
  applyUrl = '/',
  recaptchaSiteKey,
  navigate: leave,
  params,
  query,
}: RegistrationWidgetProps) {
  // The page's captcha is configured as the app configures it (shell/src/bootstrap.tsx), before any sign-in.
  useState(() => {
    if (typeof recaptchaSiteKey === 'string' && recaptchaSiteKey) configureCaptcha(recaptchaSiteKey);
  });
  const token = useAtomValue(accessTokenAtom);
  const user = useAtomValue(userAtom);
  const [place, setPlace] = useState<Place>({ screen: 'auth' });
  const [leaving, setLeaving] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** The app path a hand-off failed for: not tried again by itself (no loop), the customer retries with the button. */
  const [failedPath, setFailedPath] = useState<string | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  const handOff = useCallback(
    async (path: string) => {
      setProblem(null);
      setLeaving(path);
      try {
        await handOffToApp(applyUrl, path, (address) => leave(address));
      } catch (error) {
        setLeaving(null);
        setFailedPath(path);
        setProblem(normaliseApiError(error).message);
      }
    },
    [applyUrl, leave],
  );

  /** The screens' navigation: a step the widget covers is shown here, any other is the app's. */
  const navigate = useCallback<ScreenProps['navigate']>(
    (to, options) => {
      const route = routeOf(to);
      if (route && WIDGET_SCREENS[route]) {
        moved.current = true;
        setPlace({ screen: route, state: options?.state });
      } else void handOff(to);
    },
    [handOff],
  );

  // Signed in on arrival (a cookie of this site): the user is loaded to learn which step is theirs.
  useEffect(() => {
    if (token && !user) refreshUser().catch(() => {});
  }, [token, user]);

  // The redirect rules, as the shell applies them after every user refresh: on the profile steps they
  // lead on (to the other step here, or to the app's next step once the customer is done with what the widget covers).
  const target =
    user && (GUARDED.includes(place.screen) || place.screen === 'auth')
      ? redirectFor({ route: place.screen, user: toRedirectUser(user), loan: toRedirectLoan(user.loan, user) })
      : null;
  useEffect(() => {
    if (!target || !GUARDED.includes(place.screen)) return;
    if (WIDGET_SCREENS[target]) setPlace({ screen: target });
    else if (!leaving && failedPath !== pathOf(target)) void handOff(pathOf(target));
  }, [target, place.screen, leaving, failedPath, handOff]);

  // Signed in on arrival, on a step the widget covers: that step; else the way on to the app (never a jump away).
  useEffect(() => {
    if (place.screen === 'auth' && token && target && GUARDED.includes(target)) setPlace({ screen: target });
  }, [place.screen, token, target]);

  // Keyboard and screen-reader users follow the step change: focus goes to the new step's heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (!moved.current) return;
    const heading = frame.current?.querySelector<HTMLElement>('h1, h2');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
  }, [place.screen]);

  if (leaving) {
    return (
      <div className={`${styles.widget} ${narrowScreen}`} role="status">
        <p>Te llevamos a tu área de cliente…</p>
      </div>
    );
  }

  if (place.screen === 'auth' && token && user && !(target && GUARDED.includes(target))) {
    const next = target ? pathOf(target) : PATHS.account;
    return (
      <section className={`${styles.widget} ${narrowScreen}`} aria-labelledby="credimo-widget-signed-in">
        <h2 id="credimo-widget-signed-in">Ya has iniciado sesión</h2>
        {problem && <Alert tone="error">{problem}</Alert>}
        <p>Continúa tu solicitud en tu área de cliente.</p>
        <Button onClick={() => void handOff(next)}>Continuar en Credimo</Button>
      </section>
    );
  }

  const Screen = WIDGET_SCREENS[place.screen] ?? AuthScreen;
  return (
    <div ref={frame} className={styles.widget} data-widget-step={place.screen}>
      {problem && <Alert tone="error">{problem}</Alert>}
      {failedPath && <Button onClick={() => void handOff(failedPath)}>Continuar en Credimo</Button>}
      <Screen screen={place.screen} params={params} query={query} state={place.state} navigate={navigate} />
    </div>
  );
}
