import * as runtimeCore from '@module-federation/runtime-core';

/**
 * The federation runtime for a page without the shell (a WordPress page with a widget of a remote built with
 * `externalRuntime`): the WordPress loader runs this before the first such container, which reads the runtime
 * from this global. Whoever comes first provides it; one runtime serves every widget on the page.
 */
const global = runtimeCore.Global as { _FEDERATION_RUNTIME_CORE?: unknown };
global._FEDERATION_RUNTIME_CORE ??= runtimeCore;
