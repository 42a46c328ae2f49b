import { emitFunnelStep, FUNNEL_STEP_OF_ROUTE } from '@credimo/shared';
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

/**
 * Beside the routes: the version check and, where built in, the developer menu. The customer's flags (SPEC section 6)
 * come with GET /v2/user, which the screens read.
 */
export function AroundTheApp({ devMenu }: { devMenu: DevMenuProps }) {
  return (
    <>
      <VersionCheck />
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
