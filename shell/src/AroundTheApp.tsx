import {
  accessTokenAtom,
  customerFeaturesAtom,
  emitFunnelStep,
  FUNNEL_STEP_OF_ROUTE,
  loadCustomerFeatures,
  sessionStore,
} from '@credimo/shared';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import type { DevMenuProps } from './dev-menu/DevMenu';
import { VersionCheck } from './VersionCheck';

/**
 * SPEC section 6's developer menu, in its own chunk, and only in builds made with it: the constant condition lets
 * webpack drop the import (and so the chunk) from a build without it.
 */
const DevMenu =
  process.env.CREDIMO_DEV_MENU === 'on'
    ? lazy(() => import(/* webpackChunkName: "dev-menu" */ './dev-menu/DevMenu'))
    : null;

/** SPEC section 6: the signed-in customer's feature flags, loaded whenever the session changes. */
function CustomerFeatures() {
  const token = useAtomValue(accessTokenAtom);
  useEffect(() => {
    sessionStore.set(customerFeaturesAtom, null);
    if (token) void loadCustomerFeatures().catch(() => {});
  }, [token]);
  return null;
}

/** Beside the routes: the version check, the customer's flags and, where built in, the developer menu. */
export function AroundTheApp({ devMenu }: { devMenu: DevMenuProps }) {
  return (
    <>
      <VersionCheck />
      <CustomerFeatures />
      {DevMenu && (
        <Suspense fallback={null}>
          <DevMenu {...devMenu} />
        </Suspense>
      )}
    </>
  );
}

/** SPEC section 4: arriving on a screen that is a step of the funnel sends its event (once per page load). */
export function FunnelStep({ route }: { route: string }) {
  useEffect(() => {
    const step = FUNNEL_STEP_OF_ROUTE[route];
    if (step) void emitFunnelStep(step, { route }, { once: true });
  }, [route]);
  return null;
}
