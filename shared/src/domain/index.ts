export * from './phone';
export * from './sms-code';
