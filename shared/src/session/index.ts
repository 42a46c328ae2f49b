export * from './actions';
export * from './cookies';
export * from './notifications';
export * from './phone-change';
export * from './redirect-state';
export * from './store';
export * from './target-url';
