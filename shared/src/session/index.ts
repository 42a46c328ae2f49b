export * from './actions';
export * from './cookies';
export * from './store';
