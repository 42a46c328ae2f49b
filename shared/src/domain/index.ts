export * from './apr';
export * from './phone';
export * from './sms-code';
