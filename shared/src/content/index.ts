export * from './site-content';
