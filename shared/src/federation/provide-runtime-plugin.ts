import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { provideFederationRuntime } from './runtime-global';

/**
 * The shell lends its federation runtime to the remotes it loads (built with `externalRuntime`, they read it from
 * this global instead of carrying about 17 KB gzipped and a long task of their own each). The package's
 * inject-external-runtime-core-plugin does the same but imports the CommonJS build, a second copy in the shell.
 */
export default function provideRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'credimo-provide-runtime',
    beforeInit(args) {
      provideFederationRuntime();
      return args;
    },
  };
}
