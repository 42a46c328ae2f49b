import * as runtimeCore from '@module-federation/runtime-core';

/**
 * Provides the federation runtime to containers built with `externalRuntime`, which read it from this global:
 * the shell lends its own (provide-runtime-plugin.ts), and on a WordPress page without the shell the loader
 * runs the runtime file (scripts/runtime-file-plugin.ts) before the first such container. Whoever comes first
 * provides it; one runtime serves every container on the page.
 */
export function provideFederationRuntime(): void {
  const global = runtimeCore.Global as { _FEDERATION_RUNTIME_CORE?: unknown };
  global._FEDERATION_RUNTIME_CORE ??= runtimeCore;
}
