import { lazy, Suspense } from 'react';
import type { DevMenuProps } from './dev-menu/DevMenu';
import { VersionCheck } from './VersionCheck';

/**
 * The developer menu, in its own chunk, and only in builds made with it: the constant condition lets
 * webpack drop the import (and so the chunk) from a build without it.
 */
const DevMenu =
  process.env.CREDIMO_DEV_MENU === 'on'
    ? lazy(() => import(/* webpackChunkName: "dev-menu" */ './dev-menu/DevMenu'))
    : null;

/**
 * Beside the routes: the version check and, where built in, the developer menu. The customer's flags
 * come with GET /v2/user, which the screens read.
 */
export function VersionAndDevMenu({ devMenu }: { devMenu: DevMenuProps }) {
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
