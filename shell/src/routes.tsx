import {
  type AppRoute,
  accessTokenAtom,
  CONTENT_PREVIEW_PATH,
  devFlagsAtom,
  FALLBACK_PATH,
  PATHS,
  ROUTES,
  redirectFor,
  type ScreenRoute,
  SHORT_LINK_PATH,
  toRedirectLoan,
  toRedirectUser,
  userAtom,
} from '@credimo/shared';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, type RouteObject, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { leaveTo } from './browser';
import { FunnelStep } from './FunnelStep';
import { Layout } from './layouts/Layout';
import { preloadRemotes, RemoteSlot, RemoteSlots } from './RemoteSlot';

/** The content editor's preview (WordPress admin): its own small chunk, loaded only there. */
const ContentPreview = lazy(() => import(/* webpackChunkName: "content-preview" */ './content-preview/ContentPreview'));

function Screen({ route }: { route: ScreenRoute }) {
  const params = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useAtomValue(accessTokenAtom) !== null;
  const user = useAtomValue(userAtom);
  const devFlags = useAtomValue(devFlagsAtom);
  if (route.protected && !signedIn) return <Navigate to={PATHS.auth} replace />;
  // The ordered redirect rules, on every navigation and after every user refresh (the developer
  // menu's stepper flag skips the registration steps, as authorization status 3 does, not the blocked page). The
  // forbidden page is public (a blacklisted customer lands there), yet everyone else is sent on from it to the
  // account, so the rules run there too for a signed-in user.
  if (user && (route.protected || route.name === 'forbidden' || route.name === 'blocked')) {
    const redirectUser = toRedirectUser(user);
    // The developer menu's liveness flag: the selfie requirement counts as met.
    if (devFlags.livenessDisabled) redirectUser.photos = { ...redirectUser.photos, livenessOrSelfieMet: true };
    const target = redirectFor({
      route: route.name,
      user: redirectUser,
      loan: toRedirectLoan(user.loan, user),
      flags: { stepperDisabled: devFlags.stepperDisabled },
    });
    const path = target ? pathOf(target) : null;
    if (path) return <Navigate to={path} replace />;
  }
  const query = Object.fromEntries(search.entries());
  preloadRemotes(route.slots);
  return (
    <Layout name={route.layout} route={route.name}>
      <FunnelStep route={route.name} />
      <RemoteSlots>
        {route.slots.map((slot) => (
          <RemoteSlot
            key={slot.remote}
            remote={slot.remote}
            expose={slot.expose}
            screen={slot.screen}
            params={params}
            query={query}
            state={location.state}
            navigate={(to, options) => navigate(to, options)}
          />
        ))}
      </RemoteSlots>
    </Layout>
  );
}

function Redirect({ to, keepState }: { to: string; keepState: boolean }) {
  const location = useLocation();
  return (
    <Navigate to={{ pathname: to, search: location.search }} state={keepState ? location.state : undefined} replace />
  );
}

/** A short link sends the browser to the API base address with the same path. */
function ShortLink({ apiBaseUrl }: { apiBaseUrl: string }) {
  const { hash = '' } = useParams();
  useEffect(() => {
    leaveTo(`${apiBaseUrl.replace(/\/$/, '')}/s/${encodeURIComponent(hash)}`);
  }, [apiBaseUrl, hash]);
  return null;
}

/** A route name of the shared table to its path (parameterless routes only). */
const pathOf = (name: string) => ROUTES.find((r) => r.name === name && !r.path.includes(':'))?.path ?? null;

const toRouteObject = (route: AppRoute): RouteObject =>
  route.kind === 'redirect'
    ? { path: route.path, element: <Redirect to={route.to} keepState={route.keepState ?? false} /> }
    : { path: route.path, element: <Screen route={route} /> };

/** The shell's routes: every known path, the short link, and the wildcard to login. */
export function buildRoutes(apiBaseUrl: string): RouteObject[] {
  return [
    ...ROUTES.map(toRouteObject),
    { path: SHORT_LINK_PATH, element: <ShortLink apiBaseUrl={apiBaseUrl} /> },
    {
      path: CONTENT_PREVIEW_PATH,
      element: (
        <Suspense fallback={null}>
          <ContentPreview />
        </Suspense>
      ),
    },
    { path: '*', element: <Navigate to={FALLBACK_PATH} replace /> },
  ];
}
