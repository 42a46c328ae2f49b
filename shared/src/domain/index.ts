export * from './apr';
export * from './calculator';
export * from './phone';
export * from './sms-code';
