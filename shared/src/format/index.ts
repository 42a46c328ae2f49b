export * from './date-mask';
export * from './dates';
export * from './money';
export * from './phone';
