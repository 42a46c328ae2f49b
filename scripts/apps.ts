import path from 'node:path';

/**
 * The apps the product is built into and where each lives: the shell and its remotes. On their own, apart from
 * the webpack configuration, so that what only serves or names the apps (the stack, the benches) does not load
 * webpack and its plugins.
 */
const root = path.resolve(__dirname, '..');

export const REMOTES = ['calculator', 'registration', 'account', 'payments'] as const;
export type RemoteApp = (typeof REMOTES)[number];
export type AppName = 'shell' | RemoteApp;
export const APPS: readonly AppName[] = ['shell', ...REMOTES];

export const federationName = (app: AppName) => `credimo_${app}`;
export const appDir = (app: AppName) => path.join(root, app === 'shell' ? 'shell' : `remotes/${app}`);
export const distDir = (app: AppName) => path.join(root, 'dist', app);
