import { isSandboxSiteKey, RECAPTCHA_CSP } from '@credimo/shared/domain';
import type { FastifyHelmetOptions } from '@fastify/helmet';

/** What the customer app's policy is built from: the runtime config it serves at /config.json. */
export interface AppPolicyInput {
  /** Where the remotes' manifests are (their origins may run scripts and be fetched). */
  remotes: string[];
  /** The API the browser calls. */
  apiUrl: string;
  /** The content endpoint (WordPress's wp-json). */
  contentUrl?: string;
  /** The allow-listed APIs the app may be pointed at (`apiurl`, `apiwpurl`: /config.json's apiUrlAllowList). */
  alternativeApis?: string[];
  /** The app's public address is HTTPS: send HSTS and upgrade any stray http: load. */
  https?: boolean;
  /**
   * The bank-data aggregation provider the API is configured with (AGGREGATION_PROVIDER, AGGREGATION_PROVIDER_URL):
   * unnax's widget is a script the page loads and that calls its own server; kontomatik's page is an iframe.
   */
  aggregation?: AggregationPolicy;
  /** /config.json's recaptchaSiteKey: a real key lets Google's reCAPTCHA in; none or `sandbox…` keeps it out. */
  recaptchaSiteKey?: string;
}

export interface AggregationPolicy {
  provider: 'unnax' | 'kontomatik';
  url: string;
}

/** The aggregation provider as the API reads it from the same environment (the API's own address by default). */
export function aggregationPolicyOf(env: NodeJS.ProcessEnv, apiUrl: string): AggregationPolicy {
  return {
    provider: env.AGGREGATION_PROVIDER === 'kontomatik' ? 'kontomatik' : 'unnax',
    url: env.AGGREGATION_PROVIDER_URL || apiUrl,
  };
}

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

const origins = (urls: Array<string | undefined>): string[] => [
  ...new Set(urls.flatMap((url) => (url ? [originOf(url)].filter((o): o is string => o !== null) : []))),
];

/**
 * The customer app's Content-Security-Policy. Scripts only from our origins (the shell's and the remotes'),
 * never inline or eval. Styles: our CSS modules are injected as <style> tags by style-loader, so each page
 * gets a fresh nonce (helmet's CSP nonces) that the index.html and the style inserter carry
 * (shared/src/federation/insert-style.ts); no 'unsafe-inline' for styles either.
 */
export function appCspDirectives(input: AppPolicyInput): Record<string, string[]> {
  const remotes = origins(input.remotes);
  // Exactly what the configured aggregation provider needs: unnax's widget script and its calls home, or
  // kontomatik's page in a frame; nothing for the other one. With a real reCAPTCHA key the sign-in loads Google's
  // script, which runs its own code and frame; in sandbox mode nothing of Google's is allowed.
  const widget = input.aggregation?.provider === 'unnax' ? origins([input.aggregation.url]) : [];
  const frame = input.aggregation?.provider === 'kontomatik' ? origins([input.aggregation.url]) : [];
  const google = isSandboxSiteKey(input.recaptchaSiteKey) ? null : RECAPTCHA_CSP;
  const frames = [...frame, ...(google ? ["'self'", ...google['frame-src']] : [])];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...widget, ...(google?.['script-src'] ?? [])],
    'style-src': ["'self'"],
    // Federation reads each remote's mf-manifest.json by fetch; the app calls the API and the content endpoint.
    'connect-src': [
      ...new Set([
        "'self'",
        ...origins([input.apiUrl, input.contentUrl, ...(input.alternativeApis ?? [])]),
        ...remotes,
        ...widget,
        ...(google?.['connect-src'] ?? []),
      ]),
    ],
    // Frames fall back to default-src ('self') unless a provider's or Google's frame is needed.
    ...(frames.length ? { 'frame-src': [...new Set(frames)] } : {}),
    // data: for the inline favicon, blob: for the preview of a document photo before upload.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    // The Bizum payment is a form post to the API (query, then form post to its action URL).
    'form-action': ["'self'", ...origins([input.apiUrl])],
    'frame-ancestors': ["'none'"],
    ...(input.https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The content preview's frame-ancestors: the content site (WordPress, whose admin frames the preview beside the
 * content form) besides the app itself. Every other page of the app is never framed.
 */
export function previewFrameAncestors(input: AppPolicyInput): string[] {
  return ["'self'", ...origins([input.contentUrl])];
}

/** The app's policy header, for the content preview: the same directives with the content site as a framer. */
export function withPreviewFrameAncestors(policy: string, input: AppPolicyInput): string {
  return policy.replace(/frame-ancestors [^;]*/, `frame-ancestors ${previewFrameAncestors(input).join(' ')}`);
}

const HSTS = { maxAge: 63_072_000, includeSubDomains: true } as const;

/** The customer app: strict CSP with nonces, never framed, camera for our own pages only (documents, liveness). */
export function appHelmetOptions(input: AppPolicyInput): FastifyHelmetOptions {
  return {
    global: true,
    enableCSPNonces: true,
    contentSecurityPolicy: { useDefaults: false, directives: appCspDirectives(input) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: input.https ? HSTS : false,
  };
}

/**
 * A remote's server: script files loaded by the shell and by WordPress pages on other sites, so they must be
 * loadable cross-origin; nothing it serves is a page, so its own policy allows nothing.
 */
export function assetHelmetOptions(https = false): FastifyHelmetOptions {
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? HSTS : false,
  };
}

/** Only the camera is used (document photos, liveness), and only by our own pages. */
export const PERMISSIONS_POLICY = 'camera=(self)';

/** index.html with the response's nonce on its inline styles and in a meta tag for the style inserter. */
export function withNonce(html: string, nonce: string): string {
  return html
    .replace(/<style(?=[\s>])/g, `<style nonce="${nonce}"`)
    .replace(/<head>/, `<head><meta property="csp-nonce" nonce="${nonce}" />`);
}
