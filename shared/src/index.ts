export * from './api';
export * from './contract';
export * from './federation';
export * from './format';
export * from './i18n/messages';
export * from './routes';
export * from './session';
export * from './ui';
