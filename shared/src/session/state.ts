/**
 * `@credimo/shared/session`: the page's one session (store, atoms) and its cookies, without the actions that call
 * the API (those are in `@credimo/shared`), so a widget's first paint needs neither axios nor the API client.
 */
export * from './cookies';
export * from './store';
