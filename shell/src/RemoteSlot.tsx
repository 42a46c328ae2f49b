import { RemoteBoundary, type RemoteName, RemoteUnavailable, type ScreenProps, Skeleton } from '@credimo/shared';
import { exposeOf, type RemoteExpose, type RemoteSlotSpec } from '@credimo/shared/paths';
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useLayoutEffect,
} from 'react';
import { loadRemoteApp } from './federation';
import { revealApp } from './first-paint';
import { FirstUser } from './first-user';

/** A remote's module: the remote and its expose (`registration/./LoanProgress`). */
type ModuleKey = `${RemoteName}/${RemoteExpose}`;
const keyOf = (remote: RemoteName, expose: RemoteExpose): ModuleKey => `${remote}/${expose}`;

const lazyRoots = new Map<ModuleKey, LazyExoticComponent<ComponentType<ScreenProps>>>();
const loads = new Map<ModuleKey, Promise<{ default: ComponentType<ScreenProps> }>>();
const failedModules = new Set<ModuleKey>();

function load(remote: RemoteName, expose: RemoteExpose) {
  const key = keyOf(remote, expose);
  let loading = loads.get(key);
  if (!loading) {
    loading = loadRemoteApp(remote, expose).then((loaded) => {
      // A failed remote is tried again on the next navigation (see RemoteSlot): it may be back by then.
      if (loaded.default === RemoteUnavailable) failedModules.add(key);
      return loaded;
    });
    loads.set(key, loading);
  }
  return loading;
}

function lazyRoot(remote: RemoteName, expose: RemoteExpose) {
  const key = keyOf(remote, expose);
  let root = lazyRoots.get(key);
  if (!root) {
    root = lazy(() => load(remote, expose));
    lazyRoots.set(key, root);
  }
  return root;
}

/**
 * Starts loading every remote of a page at once. React renders a page's slots one after another and stops at
 * the first that suspends, so without this the second remote would be asked for only once the first has arrived
 * (the account's three remotes loaded in a chain).
 */
export function preloadRemotes(slots: Array<Pick<RemoteSlotSpec, 'remote' | 'expose'>>): void {
  for (const slot of slots) void load(slot.remote, exposeOf(slot));
}

/**
 * One remote's place on a page, the Spanish fallback if it fails. It shows nothing of its own while it loads: the
 * page's slots wait together (RemoteSlots), so one slot arriving never moves another.
 */
export function RemoteSlot({
  remote,
  expose = './App',
  ...screenProps
}: ScreenProps & { remote: RemoteName; expose?: RemoteExpose }) {
  const Root = lazyRoot(remote, expose);
  // Forgotten when its place goes (a navigation), not while the page's slots wait: the same lazy root stays.
  useEffect(
    () => () => {
      const key = keyOf(remote, expose);
      if (failedModules.delete(key)) {
        lazyRoots.delete(key);
        loads.delete(key);
      }
    },
    [remote, expose],
  );
  return (
    <div data-remote={remote}>
      <RemoteBoundary name={remote}>
        <Root {...screenProps} />
      </RemoteBoundary>
    </div>
  );
}

/**
 * A page's slots under one skeleton: they appear together once every remote has loaded (and a signed-in
 * customer's first user data, shell/src/first-user.ts), so a slot above
 * another (the loan progress that shows nothing without a loan, above the calculator) moves nothing as it
 * arrives (no layout shift).
 */
export function RemoteSlots({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Skeleton />}>
      <FirstUser />
      <RevealOnMount />
      {children}
    </Suspense>
  );
}

/**
 * Committed with the page's slots once they have all loaded: the app replaces the server's first paint then,
 * before the browser paints again (shell/src/first-paint.ts).
 */
function RevealOnMount() {
  useLayoutEffect(() => revealApp(), []);
  return null;
}
