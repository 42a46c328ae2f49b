export * from './dates';
export * from './money';
export * from './phone';
