import { RemoteBoundary, type RemoteName, RemoteUnavailable, type ScreenProps, Skeleton } from '@credimo/shared';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { loadRemoteApp } from './federation';

const lazyRoots = new Map<RemoteName, LazyExoticComponent<ComponentType<ScreenProps>>>();

function lazyRoot(remote: RemoteName) {
  let root = lazyRoots.get(remote);
  if (!root) {
    root = lazy(async () => {
      const loaded = await loadRemoteApp(remote);
      // A failed remote is tried again on the next navigation: it may be back by then.
      if (loaded.default === RemoteUnavailable) lazyRoots.delete(remote);
      return loaded;
    });
    lazyRoots.set(remote, root);
  }
  return root;
}

/** One remote's place on a page: a skeleton while it loads, the Spanish fallback if it fails. */
export function RemoteSlot({ remote, ...screenProps }: ScreenProps & { remote: RemoteName }) {
  const Root = lazyRoot(remote);
  return (
    <div data-remote={remote}>
      <RemoteBoundary name={remote}>
        <Suspense fallback={<Skeleton />}>
          <Root {...screenProps} />
        </Suspense>
      </RemoteBoundary>
    </div>
  );
}
