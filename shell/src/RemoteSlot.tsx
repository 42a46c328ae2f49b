import { RemoteBoundary, type RemoteName, RemoteUnavailable, type ScreenProps, Skeleton } from '@credimo/shared';
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

const lazyRoots = new Map<RemoteName, LazyExoticComponent<ComponentType<ScreenProps>>>();
const loads = new Map<RemoteName, Promise<{ default: ComponentType<ScreenProps> }>>();
const failedRemotes = new Set<RemoteName>();

function load(remote: RemoteName) {
  let loading = loads.get(remote);
  if (!loading) {
    loading = loadRemoteApp(remote).then((loaded) => {
      // A failed remote is tried again on the next navigation (see RemoteSlot): it may be back by then.
      if (loaded.default === RemoteUnavailable) failedRemotes.add(remote);
      return loaded;
    });
    loads.set(remote, loading);
  }
  return loading;
}

function lazyRoot(remote: RemoteName) {
  let root = lazyRoots.get(remote);
  if (!root) {
    root = lazy(() => load(remote));
    lazyRoots.set(remote, root);
  }
  return root;
}

/**
 * Starts loading every remote of a page at once. React renders a page's slots one after another and stops at
 * the first that suspends, so without this the second remote would be asked for only once the first has arrived
 * (issue 17: the account's three remotes loaded in a chain).
 */
export function preloadRemotes(remotes: RemoteName[]): void {
  for (const remote of remotes) void load(remote);
}

/**
 * One remote's place on a page, the Spanish fallback if it fails. It shows nothing of its own while it loads: the
 * page's slots wait together (RemoteSlots), so one slot arriving never moves another.
 */
export function RemoteSlot({ remote, ...screenProps }: ScreenProps & { remote: RemoteName }) {
  const Root = lazyRoot(remote);
  // Forgotten when its place goes (a navigation), not while the page's slots wait: the same lazy root stays.
  useEffect(
    () => () => {
      if (failedRemotes.delete(remote)) {
        lazyRoots.delete(remote);
        loads.delete(remote);
      }
    },
    [remote],
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
 * arrives (issue 17: no layout shift).
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
