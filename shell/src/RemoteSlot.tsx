import { RemoteBoundary, type RemoteName, type ScreenProps, Skeleton } from '@credimo/shared';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { loadRemoteApp } from './federation';

const lazyRoots = new Map<RemoteName, LazyExoticComponent<ComponentType<ScreenProps>>>();

function lazyRoot(remote: RemoteName) {
  let root = lazyRoots.get(remote);
  if (!root) {
    root = lazy(() => loadRemoteApp(remote));
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
