export * from './choice';
export * from './prices';
