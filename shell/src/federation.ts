import {
  type AppConfig,
  REMOTE_NAMES,
  type RemoteName,
  RemoteUnavailable,
  type ScreenProps,
  UNAVAILABLE,
} from '@credimo/shared';
import type { RemoteExpose } from '@credimo/shared/paths';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

const containerName = (remote: RemoteName) => `credimo_${remote}`;

/** Remote addresses come from /config.json at run time: a remote deploys without rebuilding the shell. */
export function registerRemoteConfig(remotes: AppConfig['remotes']): void {
  registerRemotes(
    REMOTE_NAMES.map((remote) => ({ name: containerName(remote), alias: remote, entry: remotes[remote] })),
  );
}

type RootModule = { default?: ComponentType<ScreenProps>; [UNAVAILABLE]?: string };

/**
 * Loads a remote's root component (its `./App`, or a smaller expose a slot names); the fallback plugin turns any
 * failure into the Spanish stand-in.
 */
export async function loadRemoteApp(
  remote: RemoteName,
  expose: RemoteExpose = './App',
): Promise<{ default: ComponentType<ScreenProps> }> {
  try {
    const module = await loadRemote<RootModule>(`${containerName(remote)}/${expose.slice(2)}`);
    if (!module || module[UNAVAILABLE] || !module.default) return { default: RemoteUnavailable };
    return { default: module.default };
  } catch (error) {
    // Reached when no remote was registered at all (a malformed /config.json).
    console.error(`[credimo] remote ${remote} could not load`, error);
    return { default: RemoteUnavailable };
  }
}
