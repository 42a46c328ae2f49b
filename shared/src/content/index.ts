export * from './legal';
export * from './site-content';
