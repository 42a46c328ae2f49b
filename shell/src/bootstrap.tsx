import {
  accessTokenAtom,
  adoptChoiceFromQuery,
  adoptTargetUrlFromQuery,
  adoptUtmSourceFromQuery,
  configureApi,
  configureCaptcha,
  loadSiteContent,
  onUnauthorized,
  PATHS,
  parseAppConfig,
  refreshUser,
  sessionStore,
  startFunnel,
} from '@credimo/shared';
import { Provider } from 'jotai';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { resolveApiAddresses } from './api-override';
import { rememberAppConfig } from './app-config';
import { configRequest } from './config-request';
import { registerRemoteConfig } from './federation';
import { REVEAL_AT_THE_LATEST_MS, revealApp } from './first-paint';
import { awaitFirstUser } from './first-user';
import { buildRoutes } from './routes';
import { VersionAndDevMenu } from './VersionAndDevMenu';

/** Where the API is when /config.json cannot be read: the same origin's /api would be a guess, so say it. */
const UNCONFIGURED_API = '/';

/** Lets the browser run between the start-up's steps, so none of them is one long task (TBT). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  // The modules this one imports were just evaluated in this task.
  await nextTask();
  const parsed = parseAppConfig(await configRequest);
  let apiBaseUrl = UNCONFIGURED_API;
  if (parsed.ok) {
    // `apiurl` and `apiwpurl` in the page address may point the app at another allowed API (kept 7 days).
    const addresses = resolveApiAddresses(parsed.config, window.location.search);
    apiBaseUrl = addresses.apiBaseUrl;
    // The developer menu's API URL override (the same cookie), in builds that have the menu.
    if (process.env.CREDIMO_DEV_MENU === 'on') {
      const { apiUrlOverride } = await import(/* webpackChunkName: "dev-menu-api-url" */ './dev-menu/api-url');
      apiBaseUrl = apiUrlOverride(parsed.config) ?? apiBaseUrl;
    }
    rememberAppConfig(parsed.config);
    configureCaptcha(parsed.config.recaptchaSiteKey);
    configureApi({ ...addresses, apiBaseUrl });
    startFunnel();
    registerRemoteConfig(parsed.config.remotes);
  } else {
    // A malformed config must not blank the app: every remote slot shows the Spanish fallback.
    console.error('[credimo] /config.json is malformed:', parsed.problems.join('; '));
    configureApi({ apiBaseUrl, wpBaseUrl: '/' });
  }
  // A returning customer: load who they are; a revoked or expired token answers 401 and logs out.
  if (parsed.ok && sessionStore.get(accessTokenAtom)) {
    const load = refreshUser();
    awaitFirstUser(load);
    void load.catch(() => {});
  }
  if (parsed.ok) loadSiteContent();
  // A choice made in a calculator on another origin (WordPress) arrives in the address.
  adoptChoiceFromQuery(window.location.search);
  adoptTargetUrlFromQuery(window.location.search);
  // The campaign source, kept and sent with the sign-in.
  adoptUtmSourceFromQuery(window.location.search);
  await nextTask();
  const router = createBrowserRouter(buildRoutes(apiBaseUrl));
  onUnauthorized(() => router.navigate(PATHS.auth, { replace: true }));
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // The first paint is the server's (shell/server/first-paint.ts): the app's first render is a transition, so
  // React yields to the browser while it renders instead of blocking the main thread in one long task.
  setTimeout(revealApp, REVEAL_AT_THE_LATEST_MS);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Provider store={sessionStore}>
          <RouterProvider router={router} />
          <VersionAndDevMenu
            devMenu={{
              config: parsed.ok ? parsed.config : { apiBaseUrl },
              apiInUse: apiBaseUrl,
            }}
          />
        </Provider>
      </StrictMode>,
    ),
  );
}

void start();
