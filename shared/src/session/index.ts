export * from './cookies';
export * from './store';
