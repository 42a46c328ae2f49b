export * from './client';
export * from './documents';
export * from './errors';
export * from './exit';
