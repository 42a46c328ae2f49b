export * from './apr';
export * from './calculator';
export * from './loan-status';
export * from './personal';
export * from './phone';
export * from './redirects';
export * from './sms-code';
export * from './waiting';
