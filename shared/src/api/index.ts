export * from './api-override';
export * from './client';
export * from './errors';
