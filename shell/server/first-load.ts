import type { RemoteName } from '@credimo/shared/contract';
import { exposeOf, ROUTES, type ScreenRoute } from '@credimo/shared/paths';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** A route path (`/unnax-aggregation/:status`) as a matcher of request paths. */
const matcher = (routePath: string) =>
  new RegExp(`^${routePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`);

const MATCHERS = ROUTES.map((route) => ({ route, matches: matcher(route.path) }));

/** The screen a path shows first (redirects followed), or none for an unknown path. */
export function firstScreenFor(pathname: string): ScreenRoute | undefined {
  let path = pathname;
  for (let hops = 0; hops < 3; hops++) {
    const route = MATCHERS.find(({ matches }) => matches.test(path))?.route;
    if (!route) return undefined;
    if (route.kind === 'screen') return route;
    path = route.to;
  }
  return undefined;
}

/** The remote that draws the first screen of a path (redirects followed), or none for an unknown path. */
export function firstRemoteFor(pathname: string): RemoteName | undefined {
  return firstScreenFor(pathname)?.slots[0]?.remote;
}

/**
 * The `<link>`s that let the browser start on the first screen's remotes while the shell's own script is still
 * loading: a connection to the remote's origin, its manifest (fetched by the federation runtime with a plain
 * CORS `fetch`, hence `crossorigin`) and its container (a classic script without `crossorigin`, as the runtime
 * adds it). The container sits beside the manifest: the build gives every remote `publicPath: 'auto'` and the
 * file name `remoteEntry.js`. Without these the page waits for the shell, then /config.json, then the manifest
 * before it asks for the first byte of the screen.
 */
export function firstLoadLinks(
  pathname: string,
  remotes: Partial<Record<RemoteName, string>>,
  apiUrl?: string,
): string {
  // Every remote of the page: its slots appear together (RemoteSlots), so each is on the first screen's path.
  const manifests = (firstScreenFor(pathname)?.slots ?? []).flatMap((slot) => {
    try {
      return [{ url: new URL(remotes[slot.remote] ?? ''), expose: exposeOf(slot) }];
    } catch {
      return [];
    }
  });
  const first = manifests[0]?.url;
  if (!first) return '';
  // Every screen asks the API something as it opens (the session, the content); its calls are CORS without
  // credentials (a bearer token), so the connection is the anonymous one. Two preconnects at most: more compete.
  const api = apiUrl ? originOf(apiUrl) : null;
  return [
    ...(api && api !== first.origin ? [`<link rel="preconnect" href="${escapeAttribute(api)}" crossorigin />`] : []),
    `<link rel="preconnect" href="${escapeAttribute(first.origin)}" />`,
    // The manifest's link names the module the page loads from it (shell/src/first-screen.ts preloads its chunks).
    ...manifests.flatMap(({ url, expose }) => [
      `<link rel="preload" href="${escapeAttribute(url.href)}" as="fetch" crossorigin data-expose="${escapeAttribute(expose)}" />`,
      `<link rel="preload" href="${escapeAttribute(new URL('remoteEntry.js', url).href)}" as="script" />`,
    ]),
  ].join('');
}
