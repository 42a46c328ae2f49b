export * from './kit';
export * from './RemoteBoundary';
export * from './RemoteUnavailable';
export * from './ScreenPlaceholder';
export * from './Skeleton';
