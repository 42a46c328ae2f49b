import type { AppConfig } from '@credimo/shared';

/** The parsed /config.json, once the shell has read it (the developer menu lists its allowed APIs). */
let current: AppConfig | null = null;

export const rememberAppConfig = (config: AppConfig) => {
  current = config;
};
export const appConfig = () => current;
