/**
 * The request for /config.json, made once, as soon as the shell's first script runs: the remotes' addresses are
 * on the first screen's critical path, so they are not asked for only after the shared modules have loaded.
 * `null` when it cannot be read (bootstrap then shows the fallback in every slot).
 */
export const configRequest: Promise<unknown> = fetch('/config.json', { cache: 'no-cache' })
  .then((response) => (response.ok ? response.json() : null))
  .catch(() => null);
