export * from './actions';
export * from './cookies';
export * from './phone-change';
export * from './store';
