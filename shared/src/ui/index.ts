export * from './RemoteBoundary';
export * from './RemoteUnavailable';
export * from './Skeleton';
export * from './ScreenPlaceholder';
